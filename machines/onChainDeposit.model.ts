import type { ChainDeposit, DepositAddress } from '../contract/deposits';
import { asError } from './failure';
import type { FlowModel } from './graph/model';
import { onChainDepositMachine } from './onChainDeposit.machine';

export const SAMPLE_DEPOSIT_ADDRESS: DepositAddress = {
  asset: 'USDT',
  network: 'base',
  address: '0x8C8d35429F74ec245F8Ef2f4Fd1e551cFF97d650',
  chainId: 31338,
  local: true,
  paymentUri: 'ethereum:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35@31338/transfer?address=0x8C8d35429F74ec245F8Ef2f4Fd1e551cFF97d650',
  minimum: '1',
  confirmations: 2,
};

const deposit = (status: ChainDeposit['status'], confirmations: number): ChainDeposit => ({
  network: 'base',
  txHash: `0x${'ab'.repeat(32)}`,
  asset: 'USDT',
  amount: '25.50',
  status,
  confirmations,
  required: 2,
  seenAt: '2026-11-26T15:00:00.000Z',
});

export const onChainDepositModel = {
  inputs: { 'USDT top-up': { asset: 'USDT' } },
  events: {
    NETWORK_CHOSEN: { Base: { network: 'base' } },
    NETWORK_CHANGE_REQUESTED: { 'taps Change network': {} },
    RETRY_REQUESTED: { 'taps Try again': {} },
  },
  actors: {
    loadDepositAddress: { done: { 'the address': SAMPLE_DEPOSIT_ADDRESS }, error: { offline: asError({ code: 'network_error' }) } },
    fetchDeposits: {
      done: {
        'nothing yet': { deposits: [] },
        'a deposit pending': { deposits: [deposit('pending', 1)] },
        credited: { deposits: [deposit('credited', 2)] },
        dropped: { deposits: [deposit('dropped', 0)] },
      },
      error: { offline: asError({ code: 'network_error' }) },
    },
  },
  invariants: {
    '*': (s) => s.context.asset === 'USDT' || 'the asset changed',
    loadingAddress: (s) => s.context.network !== null || 'loading an address without a network',
    showingAddress: (s) => s.context.address !== null || 'showing no address',
    depositPending: (s) => (s.context.deposit !== null && s.context.deposit.status === 'pending') || 'pending without a pending deposit',
    credited: (s) => s.context.deposit !== null || 'credited without a deposit',
  },
} satisfies FlowModel<typeof onChainDepositMachine>;

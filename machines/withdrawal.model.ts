import type { Withdrawal, WithdrawalAddress, WithdrawalQuote } from '../contract/withdrawals';
import type { FlowModel } from './graph/model';
import { STEP_UP_OUTCOMES } from './stepUp.model';
import { withdrawalMachine } from './withdrawal.machine';

const saved: WithdrawalAddress = {
  id: '5a1c2e3f-4b5d-4e6f-8a7b-9c0d1e2f3a4b',
  network: 'ethereum',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  label: 'Cold wallet',
  createdAt: '2026-03-01T09:00:00.000Z',
  usableAt: '2026-03-01T09:00:00.000Z',
};
const added: WithdrawalAddress = {
  ...saved,
  id: '6b2d3f4a-5c6e-4f7a-9b8c-0d1e2f3a4b5c',
  address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  label: 'Exchange',
};
const quote: WithdrawalQuote = {
  id: '7c3e4a5b-6d7f-4a8b-8c9d-1e2f3a4b5c6d',
  asset: 'ETH',
  network: 'ethereum',
  addressId: saved.id,
  address: saved.address,
  amount: '0.10',
  fee: '0.000042',
  received: '0.099958',
  minimum: '0.002',
  expiresAt: '2026-03-02T09:01:00.000Z',
};
const sent: Withdrawal = {
  id: '8d4f5b6c-7e8a-4b9c-9daf-2f3a4b5c6d7e',
  asset: 'ETH',
  network: 'ethereum',
  address: saved.address,
  amount: '0.10',
  fee: '0.000042',
  received: '0.099958',
  status: 'broadcast',
  txHash: `0x${'ab'.repeat(32)}`,
  explorerUrl: null,
  activityId: '9e5a6c7d-8f9b-4cad-8ebf-3a4b5c6d7e8f',
  createdAt: '2026-03-02T09:00:10.000Z',
};

export const withdrawalModel = {
  inputs: { ether: { asset: 'ETH' } },
  events: {
    NETWORK_CHOSEN: { base: { network: 'base' } },
    ADDRESS_CHOSEN: { 'the saved address': { addressId: saved.id } },
    AMOUNT_CHANGED: { '0.1': { amount: '0.1' }, 'the whole balance (Max)': { amount: '1.2' }, nothing: { amount: '' } },
    QUOTE_REQUESTED: { review: {} },
    ADD_ADDRESS_STARTED: { 'add an address': {} },
    ADDRESS_SUBMITTED: { 'a checksummed address': { address: added.address, label: 'Exchange' } },
    ADD_ADDRESS_CANCELLED: { cancel: {} },
    CONFIRMED: { confirm: { idempotencyKey: 'key-1' } },
    EDIT_REQUESTED: { change: {} },
    RETRY: { 'try again': {} },
  },
  actors: {
    loadAddresses: { done: { 'one saved address': [saved], 'an empty book': [] }, error: { offline: { code: 'network_error' } } },
    checkAddress: {
      done: { 'well formed': undefined },
      error: { 'one letter in the wrong case': { code: 'address_checksum_invalid' }, 'too short': { code: 'address_invalid' } },
    },
    stepUp: { done: STEP_UP_OUTCOMES },
    saveAddress: {
      done: { saved: added },
      error: { 'step-up ran out': { code: 'step_up_required' }, 'already saved': { code: 'address_exists' } },
    },
    requestQuote: {
      done: { quoted: quote },
      error: {
        'below the minimum': { code: 'amount_too_small', fields: { minimum: '0.002' } },
        'cooling off': { code: 'address_cooling_off' },
      },
    },
    withdraw: {
      done: { held: { ...sent, status: 'pending', txHash: null } },
      error: {
        'step-up ran out': { code: 'step_up_required' },
        'quote over': { code: 'quote_expired' },
        'too little money': { code: 'insufficient_funds' },
      },
    },
    checkWithdrawal: {
      done: { 'sent, not yet deep enough': sent, confirmed: { ...sent, status: 'confirmed' }, failed: { ...sent, status: 'failed' } },
      error: { offline: { code: 'network_error' } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.network,
      // Saving the same address again adds nothing new to explore.
      new Set(s.context.addresses.map((address) => address.id)).size,
      s.context.addressId,
      s.context.amount,
      s.context.quote !== null,
      s.context.idempotencyKey !== null,
      s.context.withdrawal?.status ?? null,
      s.context.failure?.code ?? null,
    ]),
  invariants: {
    // The business rules: money moves only on a quote to a saved address, once per confirmation.
    '*': (s) => s.context.networks.length > 0 || 'a withdrawal with no network for its coin',
    steppingUpForAddress: (s) => s.context.draft.address !== '' || 'stepping up to save no address',
    quoting: (s) => (s.context.addressId !== null && /[1-9]/.test(s.context.amount)) || 'quoting without an address or an amount',
    withdrawing: (s) => (s.context.quote !== null && s.context.idempotencyKey !== null) || 'withdrawing without a quote or a key',
    following: (s) => s.context.withdrawal !== null || 'following no withdrawal',
    settled: (s) =>
      (s.status === 'done' && ['confirmed', 'failed'].includes(s.context.withdrawal?.status ?? '')) || 'settled while still open',
  },
} satisfies FlowModel<typeof withdrawalMachine>;

import type { SnapshotFrom } from 'xstate';
import type { WithdrawalNetwork } from '../../contract/withdrawals';
import type { Send } from '../parts/connect';
import { connectBook } from '../parts/destinationBook';
import { connectSendOut } from '../parts/sendOut';
import type { withdrawalMachine } from './withdrawal.machine';

type Withdrawal = typeof withdrawalMachine;

/** What /accounts/crypto/withdraw/{iso} shows, and its intents. */
export function connectWithdrawal(snapshot: SnapshotFrom<Withdrawal>, send: Send<Withdrawal>) {
  const { context } = snapshot;
  return {
    ...connectSendOut(snapshot, send),
    ...connectBook(snapshot, send, context.addresses),
    asset: context.asset,
    networks: context.networks,
    network: context.network,
    /** The saved addresses on the chosen network: the ones offered, and the book's. */
    addresses: context.addresses.filter((address) => address.network === context.network),
    addressId: context.addressId,
    amount: context.amount,
    draft: context.draft,
    coolingOffSeconds: context.coolingOffSeconds,
    bitcoinNetwork: context.bitcoinNetwork,
    quote: context.quote,
    withdrawal: context.withdrawal,
    failure: context.failure,
    chooseNetwork: (network: WithdrawalNetwork) => send({ type: 'NETWORK_CHOSEN', network }),
    choose: (addressId: string) => send({ type: 'ADDRESS_CHOSEN', addressId }),
    addAddress: () => send({ type: 'ADD_ADDRESS_STARTED' }),
    saveAddress: (draft: { address: string; label: string }) => send({ type: 'ADDRESS_SUBMITTED', ...draft }),
    cancelAddress: () => send({ type: 'ADD_ADDRESS_CANCELLED' }),
  };
}

/**
 * When the chosen address (or bank payout beneficiary) can first be used, if that is still to come (its
 * cooling-off period); null otherwise.
 */
export function usableFrom(
  view: { addresses: readonly { id: string; usableAt: string }[]; addressId: string | null },
  now: Date,
): Date | null {
  const chosen = view.addresses.find((address) => address.id === view.addressId);
  const usableAt = chosen ? new Date(chosen.usableAt) : null;
  return usableAt && usableAt > now ? usableAt : null;
}

import type { SnapshotFrom } from 'xstate';
import { sendOutStep } from '../parts/sendOut';
import type { withdrawalMachine } from './withdrawal.machine';

/** What /accounts/crypto/withdraw/{iso} shows. */
export function withdrawalView(snapshot: SnapshotFrom<typeof withdrawalMachine>) {
  const { context } = snapshot;
  return {
    ...sendOutStep(snapshot),
    asset: context.asset,
    networks: context.networks,
    network: context.network,
    /** The saved addresses on the chosen network. */
    addresses: context.addresses.filter((address) => address.network === context.network),
    addressId: context.addressId,
    amount: context.amount,
    draft: context.draft,
    coolingOffSeconds: context.coolingOffSeconds,
    bitcoinNetwork: context.bitcoinNetwork,
    quote: context.quote,
    withdrawal: context.withdrawal,
    failure: context.failure,
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

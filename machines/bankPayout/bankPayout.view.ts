import type { SnapshotFrom } from 'xstate';
import type { bankPayoutMachine } from './bankPayout.machine';
import { sendOutStep } from '../parts/sendOut';

/** What /accounts/fiat/withdraw/{iso} shows. */
export function bankPayoutView(snapshot: SnapshotFrom<typeof bankPayoutMachine>) {
  const { context } = snapshot;
  return {
    ...sendOutStep(snapshot),
    currency: context.currency,
    beneficiaries: context.beneficiaries,
    beneficiaryId: context.beneficiaryId,
    amount: context.amount,
    draft: context.draft,
    coolingOffSeconds: context.coolingOffSeconds,
    quote: context.quote,
    payout: context.payout,
    failure: context.failure,
  };
}

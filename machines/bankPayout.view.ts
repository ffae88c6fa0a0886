import type { SnapshotFrom } from 'xstate';
import type { bankPayoutMachine } from './bankPayout.machine';

/** Which part of /accounts/fiat/withdraw/{iso} shows. */
export type BankPayoutStep = 'loading' | 'failed' | 'form' | 'newBeneficiary' | 'review' | 'following' | 'settled';

/** What /accounts/fiat/withdraw/{iso} shows. */
export function bankPayoutView(snapshot: SnapshotFrom<typeof bankPayoutMachine>) {
  const { context } = snapshot;
  const step: BankPayoutStep = snapshot.hasTag('loading')
    ? 'loading'
    : snapshot.matches('failed')
      ? 'failed'
      : snapshot.matches('addingBeneficiary') || snapshot.matches('steppingUpForBeneficiary') || snapshot.matches('savingBeneficiary')
        ? 'newBeneficiary'
        : snapshot.matches('reviewing') || snapshot.matches('steppingUp') || snapshot.matches('payingOut')
          ? 'review'
          : snapshot.matches('following')
            ? 'following'
            : snapshot.matches('settled')
              ? 'settled'
              : 'form';
  return {
    step,
    currency: context.currency,
    beneficiaries: context.beneficiaries,
    beneficiaryId: context.beneficiaryId,
    amount: context.amount,
    draft: context.draft,
    coolingOffSeconds: context.coolingOffSeconds,
    quote: context.quote,
    payout: context.payout,
    busy: snapshot.hasTag('busy') || snapshot.matches('steppingUp') || snapshot.matches('steppingUpForBeneficiary'),
    failure: context.failure,
  };
}

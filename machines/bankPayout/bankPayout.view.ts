import type { SnapshotFrom } from 'xstate';
import { ibanProblem, needsBic } from '../../contract/bankAccount';
import type { bankPayoutMachine } from './bankPayout.machine';
import { sendOutStep } from '../parts/sendOut';

/** What /accounts/fiat/withdraw/{iso} shows. */
export function bankPayoutView(snapshot: SnapshotFrom<typeof bankPayoutMachine>) {
  const { context } = snapshot;
  const entry = context.beneficiaries.find((beneficiary) => beneficiary.id === context.entryId) ?? null;
  return {
    ...sendOutStep(snapshot),
    currency: context.currency,
    beneficiaries: context.beneficiaries,
    beneficiaryId: context.beneficiaryId,
    amount: context.amount,
    draft: context.draft,
    /** What is wrong with the new account's IBAN as typed so far (a shorter one is not wrong yet). */
    ibanProblem: snapshot.hasTag('newDestination') ? ibanProblem(context.draft.iban, { typing: true }) : null,
    /** The IBAN's country needs the BIC: only then is it asked. */
    bicNeeded: needsBic(context.draft.iban),
    /** The saved account being renamed, or whose removal is being confirmed. */
    renaming: snapshot.hasTag('renaming') ? entry : null,
    removing: snapshot.hasTag('confirming') ? entry : null,
    coolingOffSeconds: context.coolingOffSeconds,
    quote: context.quote,
    payout: context.payout,
    failure: context.failure,
  };
}

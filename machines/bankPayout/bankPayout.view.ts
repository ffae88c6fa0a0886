import type { SnapshotFrom } from 'xstate';
import { ibanProblem, needsBic } from '../../contract/bankAccount';
import type { Send } from '../parts/connect';
import { connectBook } from '../parts/destinationBook';
import { connectSendOut } from '../parts/sendOut';
import type { bankPayoutMachine, BeneficiaryDraft } from './bankPayout.machine';

type BankPayout = typeof bankPayoutMachine;

/** What /accounts/fiat/withdraw/{iso} shows, and its intents. */
export function connectBankPayout(snapshot: SnapshotFrom<BankPayout>, send: Send<BankPayout>) {
  const { context } = snapshot;
  return {
    ...connectSendOut(snapshot, send),
    ...connectBook(snapshot, send, context.beneficiaries),
    currency: context.currency,
    beneficiaries: context.beneficiaries,
    beneficiaryId: context.beneficiaryId,
    amount: context.amount,
    draft: context.draft,
    /** What is wrong with the new account's IBAN as typed so far (a shorter one is not wrong yet). */
    ibanProblem: snapshot.hasTag('newDestination') ? ibanProblem(context.draft.iban, { typing: true }) : null,
    /** The IBAN's country needs the BIC: only then is it asked. */
    bicNeeded: needsBic(context.draft.iban),
    coolingOffSeconds: context.coolingOffSeconds,
    quote: context.quote,
    payout: context.payout,
    failure: context.failure,
    choose: (beneficiaryId: string) => send({ type: 'BENEFICIARY_CHOSEN', beneficiaryId }),
    addBeneficiary: () => send({ type: 'ADD_BENEFICIARY_STARTED' }),
    /** The IBAN as it grows: judged at once. */
    typeIban: (iban: string) => send({ type: 'IBAN_TYPED', iban }),
    saveBeneficiary: (draft: BeneficiaryDraft) => send({ type: 'BENEFICIARY_SUBMITTED', ...draft }),
    cancelBeneficiary: () => send({ type: 'ADD_BENEFICIARY_CANCELLED' }),
  };
}

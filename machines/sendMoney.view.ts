import type { SnapshotFrom } from 'xstate';
import type { sendMoneyMachine } from './sendMoney.machine';

/** Which part of /send shows: the form, the review (with the step-up over it) or the receipt. */
export type SendStep = 'form' | 'review' | 'sent';

/** What /send shows. */
export function sendMoneyView(snapshot: SnapshotFrom<typeof sendMoneyMachine>) {
  const { context } = snapshot;
  const step: SendStep = snapshot.hasTag('sent') ? 'sent' : snapshot.hasTag('review') ? 'review' : 'form';
  return {
    step,
    to: context.to,
    address: context.address,
    accountId: context.account?.id ?? null,
    asset: context.account?.asset ?? null,
    amount: context.amount,
    note: context.note,
    recipient: context.recipient,
    receipt: context.receipt,
    busy: snapshot.hasTag('busy'),
    failure: context.failure,
  };
}

import type { SnapshotFrom } from 'xstate';
import { compare } from '../../contract/decimal';
import { sendAllowance, type sendMoneyMachine } from './sendMoney.machine';

/** Which part of /send shows: the form, the review (with the step-up over it) or the receipt. */
export type SendStep = 'form' | 'review' | 'sent';

/** The most the chosen account can send now, and what sets it: its balance or what the limit leaves today or this month. */
export interface SendUpTo {
  amount: string;
  by: 'balance' | 'day' | 'month';
}

/** What /send shows. */
export function sendMoneyView(snapshot: SnapshotFrom<typeof sendMoneyMachine>) {
  const { context } = snapshot;
  const step: SendStep = snapshot.hasTag('sent') ? 'sent' : snapshot.hasTag('review') ? 'review' : 'form';
  const allowance = sendAllowance(context.limit, context.account);
  const upTo: SendUpTo | null = context.account
    ? allowance && compare(allowance.left, context.account.balance) < 0
      ? { amount: allowance.left, by: allowance.period }
      : { amount: context.account.balance, by: 'balance' }
    : null;
  return {
    step,
    to: context.to,
    address: context.address,
    accountId: context.account?.id ?? null,
    asset: context.account?.asset ?? null,
    amount: context.amount,
    note: context.note,
    upTo,
    recipient: context.recipient,
    receipt: context.receipt,
    busy: snapshot.hasTag('busy'),
    failure: context.failure,
  };
}

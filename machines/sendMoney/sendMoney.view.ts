import type { SnapshotFrom } from 'xstate';
import { compare } from '../../contract/decimal';
import type { Send } from '../parts/connect';
import { sendAllowance, type SendingAccount, type SendLimit, type sendMoneyMachine } from './sendMoney.machine';

type SendMoney = typeof sendMoneyMachine;

/** The most the chosen account can send now, and what sets it: its balance or what the limit leaves today or this month. */
export interface SendUpTo {
  amount: string;
  by: 'balance' | 'day' | 'month';
}

/** What /send shows (the form, the review with the step-up over it, or the receipt) and its intents. */
export function connectSendMoney(snapshot: SnapshotFrom<SendMoney>, send: Send<SendMoney>) {
  const { context } = snapshot;
  const sent = snapshot.hasTag('sent');
  const reviewing = !sent && snapshot.hasTag('review');
  const allowance = sendAllowance(context.limit, context.account);
  const upTo: SendUpTo | null = context.account
    ? allowance && compare(allowance.left, context.account.balance) < 0
      ? { amount: allowance.left, by: allowance.period }
      : { amount: context.account.balance, by: 'balance' }
    : null;
  return {
    /** The form is on screen. */
    editing: !sent && !reviewing,
    reviewing,
    sent,
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
    /** What is left of the sending limit, read again after each send. */
    changeLimit: (limit: SendLimit) => send({ type: 'LIMIT_CHANGED', limit }),
    changeRecipient: (to: string) => send({ type: 'RECIPIENT_CHANGED', to }),
    chooseAccount: (account: SendingAccount) => send({ type: 'ACCOUNT_CHOSEN', account }),
    /** The amount as typed: the decimal it means, or the text itself when it is none (the form says why). */
    typeAmount: (amount: string) => send({ type: 'AMOUNT_CHANGED', amount }),
    changeNote: (note: string) => send({ type: 'NOTE_CHANGED', note }),
    review: () => send({ type: 'REVIEW_REQUESTED' }),
    confirm: () => send({ type: 'CONFIRMED' }),
    /** Back from the review to the form, as typed. */
    edit: () => send({ type: 'EDIT_REQUESTED' }),
    /** From the receipt to an empty form. */
    startNew: () => send({ type: 'NEW_REQUESTED' }),
  };
}

import type { SnapshotFrom } from 'xstate';
import { compare, isPositive } from '../../contract/decimal';
import type { SendReceipt } from '../../contract/sendMoney';
import type { FlowModel } from './graph/model';
import { allOf, grantedStepUpFirst, retriesKeepTheIntent, stepUpOnlyWhenAsked, wasUnanswered } from './graph/callRules';
import { recipientAddress } from '../../machines/recipientAddress';
import { sendMoneyMachine, type SendingAccount } from '../../machines/sendMoney.machine';
import { STEP_UP_OUTCOMES } from './stepUp.model';

type Snapshot = SnapshotFrom<typeof sendMoneyMachine>;

const EUROS: SendingAccount = { id: '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', asset: 'EUR', balance: '2450.75' };
const EMPTY_DOLLARS: SendingAccount = { id: '4a2c3d5e-6f7a-4b8c-9dae-1f2a3b4c5d6e', asset: 'USD', balance: '0' };

export const SAMPLE_SEND: SendReceipt = {
  id: '5b3d4e6f-7a8b-4c9d-8eaf-2a3b4c5d6e7f',
  status: 'sent',
  to: 'dana@example.com',
  recipientName: 'Dana D.',
  fromAccountId: EUROS.id,
  asset: 'EUR',
  amount: '25',
  held: '0',
  note: 'Dinner',
  transactionId: '6c4e5f7a-8b9c-4dae-9fba-3b4c5d6e7f8a',
  createdAt: '2026-03-02T09:00:00.000Z',
  expiresAt: null,
};

const stepUpAsked = (error: unknown) => (error as { code?: string }).code === 'step_up_required';
const withinBalance = (s: Snapshot) =>
  s.context.account !== null && isPositive(s.context.amount) && compare(s.context.amount, s.context.account.balance) <= 0;

/** Which recipient the guards see: none, one that reads as an address, or one that does not. */
const recipientKind = (s: Snapshot) =>
  s.context.to.trim() === '' ? null : recipientAddress(s.context.to, s.context.country) === null ? 'invalid' : 'address';

export const sendMoneyModel = {
  inputs: { 'a customer in Germany': { country: 'DE' } },
  events: {
    RECIPIENT_CHANGED: {
      'an e-mail address': { to: 'Dana@Example.com' },
      'a phone number in the country’s form': { to: '0151 12345678' },
      neither: { to: 'dana' },
    },
    ACCOUNT_CHOSEN: { 'the euro account': { account: EUROS }, 'an empty dollar account': { account: EMPTY_DOLLARS } },
    AMOUNT_CHANGED: {
      '25': { amount: '25' },
      'more than the balance': { amount: '5000' },
      'more decimals than euros have': { amount: '1.005' },
      nothing: { amount: '' },
    },
    NOTE_CHANGED: { 'what it is for': { note: 'Dinner' } },
    REVIEW_REQUESTED: { review: {} },
    CONFIRMED: { confirm: {} },
    EDIT_REQUESTED: { change: {} },
    NEW_REQUESTED: { 'send again': {} },
  },
  actors: {
    lookupRecipient: {
      done: { 'a customer': { customer: true, name: 'Dana D.' }, 'nobody yet': { customer: false, name: null } },
      error: {
        'look-ups used up': { code: 'rate_limited' },
        'the customer’s own address': { code: 'send_to_self' },
        offline: { code: 'network_error' },
      },
    },
    stepUp: { done: STEP_UP_OUTCOMES },
    sendMoney: {
      done: {
        sent: SAMPLE_SEND,
        'partly held over the receiver’s limit': { ...SAMPLE_SEND, status: 'held', held: '10' },
        'waiting for the invitee': {
          ...SAMPLE_SEND,
          status: 'invited',
          recipientName: null,
          held: '25',
          expiresAt: '2026-03-16T09:00:00.000Z',
        },
      },
      error: {
        'above the threshold': { code: 'step_up_required' },
        'over the limit': { code: 'limit_exceeded' },
        offline: { code: 'network_error' },
      },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      recipientKind(s),
      s.context.account?.id ?? null,
      // Which amount matters only to the guards: none, one the account covers, more, or malformed.
      s.context.amount === '' ? null : s.context.amount === '1.005' ? 'malformed' : withinBalance(s),
      s.context.recipient?.customer ?? null,
      s.context.receipt?.status ?? null,
      s.context.failure?.code ?? null,
    ]),
  notInBrowser:
    'Driven in the browser against the real server instead: e2e/social.spec.ts sends, requests and pays between two signed-in customers, in two browser contexts.',
  calls: {
    // A send retried after its answer was lost or the server asked for the step-up is the same send (the same
    // key), until the customer changes it; after a step-up only once it was granted.
    sendMoney: allOf(
      retriesKeepTheIntent('sendMoney', {
        isOpen: (error) => wasUnanswered(error) || stepUpAsked(error),
        endedBy: ['EDIT_REQUESTED', 'NEW_REQUESTED'],
      }),
      grantedStepUpFirst('sendMoney', { askedFor: stepUpAsked, newTryBy: ['CONFIRMED'] }),
    ),
    stepUp: stepUpOnlyWhenAsked('sendMoney', { confirmedBy: [], askedFor: stepUpAsked }),
  },
  invariants: {
    // The business rules: money goes only to an address, from an account that covers it, once reviewed.
    lookingUp: (s) => (s.context.address !== null && withinBalance(s)) || 'looks up no address, or for more than the balance',
    reviewing: (s) => (s.context.address !== null && withinBalance(s)) || 'reviews a send the form would refuse',
    sending: (s) => (s.context.address !== null && withinBalance(s)) || 'sends to no address, or more than the balance',
    sent: (s) => s.context.receipt !== null || 'a receipt the server did not give',
    // “Not enough” is said only of an amount above the balance.
    editing: (s) =>
      s.context.failure?.code !== 'insufficient_funds' ||
      (s.context.account !== null && compare(s.context.amount || '0', s.context.account.balance) > 0) ||
      'says “not enough” of an amount the account covers',
  },
} satisfies FlowModel<typeof sendMoneyMachine>;

import type { PayLinkReceipt, PayLinkView } from '../contract/payLinks';
import type { FlowModel } from './graph/model';
import { paymentMachine } from './payment.machine';
import { STEP_UP_OUTCOMES } from './stepUp.model';

const hash = 'q3Xv8Zb1TkWm0aPc7Yr2Ug';
const request: PayLinkView = {
  hash,
  asset: 'EUR',
  amount: '12.50',
  description: 'Concert tickets',
  status: 'open',
  expiresAt: null,
  requesterName: 'Grace Hopper',
  own: false,
};
const receipt: PayLinkReceipt = {
  hash,
  asset: 'EUR',
  amount: '12.50',
  description: 'Concert tickets',
  requesterName: 'Grace Hopper',
  fromAccountId: '0b5f2a8e-2d5c-4d9b-8a55-5b2f8c1d9e10',
  transactionId: '6f1c1c9e-4a51-4f0e-9d1a-3c1f1a2b3c4d',
  paidAt: '2026-03-02T09:01:00.000Z',
};

export const paymentModel = {
  inputs: { 'a link': { hash } },
  events: {
    PAY_CONFIRMED: {
      'pay from the euro account': { fromAccountId: receipt.fromAccountId, idempotencyKey: 'key-1' },
    },
    STATUS_CHANGED: { 'still open': { status: 'open' }, paid: { status: 'paid' } },
    RETRY: { 'try again': {} },
  },
  actors: {
    loadLink: {
      done: {
        'someone else’s open request': request,
        'one’s own request': { ...request, own: true },
        'a paid request': { ...request, status: 'paid' },
      },
      error: { unknown: { code: 'pay_link_not_found' }, offline: { code: 'network_error' } },
    },
    stepUp: { done: STEP_UP_OUTCOMES },
    pay: {
      done: { paid: receipt },
      error: {
        'step-up ran out': { code: 'step_up_required' },
        'someone paid first': { code: 'pay_link_paid' },
        'too little money': { code: 'insufficient_funds' },
      },
    },
    // It only sends STATUS_CHANGED; it never finishes on its own.
    watchStatus: { done: {} },
  },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.link?.status ?? null, s.context.failure?.code ?? null, s.context.receipt !== null]),
  invariants: {
    // The business rules: one's own request is never paid, a receipt exists only for a payment that went through.
    '*': (s) => s.context.receipt === null || s.value === 'paid' || 'a receipt outside the paid state',
    paying: (s) => (!s.context.link?.own && s.context.idempotencyKey !== null) || 'pays one’s own request, or without a key',
    paid: (s) => s.context.receipt !== null || 'paid without a receipt',
    closed: (s) => (s.context.link !== null && s.context.link.status !== 'open') || 'closed while still open',
  },
} satisfies FlowModel<typeof paymentMachine>;

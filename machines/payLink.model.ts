import type { PayLink } from '../contract/payLinks';
import type { FlowModel } from './graph/model';
import { payLinkMachine } from './payLink.machine';
import { STEP_UP_OUTCOMES } from './stepUp.model';

const link: PayLink = {
  hash: 'q3Xv8Zb1TkWm0aPc7Yr2Ug',
  asset: 'EUR',
  amount: '12.50',
  description: 'Concert tickets',
  status: 'open',
  expiresAt: null,
  createdAt: '2026-03-02T09:00:00.000Z',
  paidAt: null,
};

export const payLinkModel = {
  events: {
    REQUEST_SUBMITTED: {
      'a valid request': { request: { asset: 'EUR', amount: '12.50', description: 'Concert tickets', expiresInHours: 24 } },
      'too many decimals': { request: { asset: 'EUR', amount: '12.505', description: 'Concert tickets', expiresInHours: null } },
      'no reason given': { request: { asset: 'EUR', amount: '12.50', description: '  ', expiresInHours: null } },
    },
    NEW_REQUESTED: { 'new request': {} },
    CANCEL_REQUESTED: { 'cancel the request': { hash: link.hash } },
  },
  actors: {
    stepUp: { done: STEP_UP_OUTCOMES },
    createPayLink: {
      done: { created: link },
      error: { 'step-up ran out': { code: 'step_up_required' }, offline: { code: 'network_error' } },
    },
    cancelPayLink: {
      done: { cancelled: { ...link, status: 'cancelled' } },
      error: { 'paid meanwhile': { code: 'pay_link_paid' } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.formError, s.context.failure?.code ?? null, s.context.created !== null, s.context.cancelled]),
  invariants: {
    // The business rules: a link is shown only once the server made it, and nothing is sent with a refusal showing.
    created: (s) => s.context.created !== null || 'a link shown that the server did not make',
    creating: (s) => (s.context.request !== null && s.context.formError === null) || 'sends a request the form refused',
  },
} satisfies FlowModel<typeof payLinkMachine>;

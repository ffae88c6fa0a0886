import type { HeldTransfer } from '../../contract/inject';
import { failureText, pageTexts } from './graph/page';
import { reviewHeldTransferMachine } from '../../machines/reviewHeldTransfer/reviewHeldTransfer.machine';
import { adminPage } from './simulatePage';
import { writeModel } from './write.model';

/** A transfer whose reference named no customer. */
const HELD: HeldTransfer = {
  id: '2e9d4c1b-7a6f-4e3d-9c2b-1a0f9e8d7c6b',
  currency: 'EUR',
  amount: '250.00',
  senderName: 'Jonas Weber',
  reference: 'INVOICE 2231',
  reason: 'unknown_reference',
  customerEmail: null,
  receivedAt: '2026-03-02T09:00:00.000Z',
};

export const reviewHeldTransferModel = writeModel(reviewHeldTransferMachine, {
  inputs: {
    'assign to a customer': {
      id: HELD.id,
      decision: 'assign',
      body: { email: 'lena@meridian.test', reason: 'The sender called us.' },
    },
    'return to the sender': { id: HELD.id, decision: 'return', body: { reason: 'No such customer.' } },
  },
  done: { assigned: { id: HELD.id, status: 'assigned', transactionId: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' } },
  errors: { 'no such customer': { code: 'customer_not_found' }, offline: { code: 'network_error' } },
  browser: {
    // The list still holds the transfer after a decision: the toast says what was done.
    start: (language) => adminPage(language, [{ answer: '**/api/simulate/admin/held-transfers', method: 'GET', json: [HELD] }]),
    request: { url: `**/api/simulate/admin/held-transfers/${HELD.id}/*`, method: 'POST' },
    submit: (input, _, language) => {
      const texts = pageTexts(language).topUpAdmin.held;
      const email = input.decision === 'assign' ? [{ fill: { label: texts.email }, text: input.body.email }] : [];
      return [
        ...email,
        { fill: { label: texts.reason }, text: input.body.reason },
        { click: { role: 'button', name: input.decision === 'assign' ? texts.assign : texts.return } },
      ];
    },
    // After an answer only: a second change of the same field would send nothing new.
    edit: (before, language) =>
      before.hasTag('editing') ? null : [{ fill: { label: pageTexts(language).topUpAdmin.held.reason }, text: 'Checked again.' }],
    states: {
      editing: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).topUpAdmin.held.assign }] }),
      done: (s, language) => {
        const texts = pageTexts(language).topUpAdmin.held;
        return { shows: [{ shownText: s.context.output!.status === 'assigned' ? texts.assigned : texts.returned }] };
      },
      failed: (s, language) => ({
        shows: [{ shownText: failureText(language, pageTexts(language).topUpAdmin.held.failures, s.context.failure!) }],
      }),
    },
  },
});

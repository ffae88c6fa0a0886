import { createVoucherMachine } from '../../machines/createVoucher/createVoucher.machine';
import { failureText, pageTexts, typedAmount } from './graph/page';
import { adminPage, amountLabel } from './simulatePage';
import { writeModel } from './write.model';

export const createVoucherModel = writeModel(createVoucherMachine, {
  inputs: { 'fifty euros for a week': { amount: '50', currency: 'EUR', expiresAt: '2026-03-09T22:59:59.000Z' } },
  done: {
    created: {
      id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
      code: 'MRD-7Q4K-2XPL',
      amount: '50',
      currency: 'EUR',
      expiresAt: '2026-03-09T22:59:59.000Z',
    },
  },
  errors: { 'a day out of range': { code: 'voucher_expiry_invalid' }, offline: { code: 'network_error' } },
  browser: {
    start: (language) => adminPage(language),
    request: { url: '**/api/simulate/admin/vouchers', method: 'POST' },
    // The page sends the chosen day's end in the browser's time zone: only the amount is typed.
    submit: ({ amount }, _, language) => [
      { fill: { label: amountLabel(language) }, text: typedAmount(language, amount) },
      { click: { role: 'button', name: pageTexts(language).topUpAdmin.vouchers.submit } },
    ],
    // A change clears a refusal; the code made last stays until the next is asked for.
    edit: (before, language) =>
      before.hasTag('failed') ? [{ fill: { label: amountLabel(language) }, text: typedAmount(language, '60') }] : null,
    states: {
      editing: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).topUpAdmin.vouchers.submit }] }),
      done: (s) => ({ shows: [{ testId: 'created-voucher' }, { shownText: s.context.output!.code }] }),
      failed: (s, language) => ({
        shows: [{ shownText: failureText(language, pageTexts(language).topUpAdmin.vouchers.failures, s.context.failure!) }],
      }),
    },
  },
});

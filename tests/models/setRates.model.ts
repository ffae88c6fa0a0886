import { failureText, pageTexts, typedAmount, withValues } from './graph/page';
import { setRatesMachine } from '../../machines/setRates/setRates.machine';
import { adminPage } from './simulatePage';
import { writeModel } from './write.model';

export const setRatesModel = writeModel(setRatesMachine, {
  inputs: { 'bitcoin at 65,000 dollars': { rates: [{ asset: 'BTC', usd: '65000' }] } },
  done: { set: [{ asset: 'BTC', usd: '65000', usdt: '64980.5', at: '2026-03-02T09:00:00.000Z', stale: false }] },
  errors: { offline: { code: 'network_error' } },
  browser: {
    start: (language) => adminPage(language),
    request: { url: '**/api/admin/rates', method: 'POST' },
    submit: ({ rates }, _, language) => {
      const texts = pageTexts(language).simulate.admin.rates;
      return [
        { fill: { label: texts.price }, text: typedAmount(language, rates[0]!.usd) },
        { click: { role: 'button', name: texts.submit } },
      ];
    },
    edit: (before, language) =>
      before.hasTag('editing')
        ? null
        : [{ fill: { label: pageTexts(language).simulate.admin.rates.price }, text: typedAmount(language, '64000') }],
    states: {
      editing: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).simulate.admin.rates.submit }] }),
      done: (s, language) => ({
        shows: [{ shownText: withValues(pageTexts(language).simulate.admin.rates.done, { asset: s.context.input!.rates[0]!.asset }) }],
      }),
      failed: (s, language) => ({
        shows: [{ shownText: failureText(language, pageTexts(language).simulate.failures, s.context.failure!) }],
      }),
    },
  },
});

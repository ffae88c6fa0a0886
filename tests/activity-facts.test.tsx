// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import type { Activity, Locale } from '../contract';
import { SystemContext } from '../src/app/context';
import type { AppSystem } from '../src/app/system';
import { ActivityFacts } from '../src/screens/shared/activities/ActivityFacts';
import type { AccountChoice } from '../src/screens/shared/activities/useAccountChoices';
import { messagesIn } from './translate';

const EUR_ACCOUNT = '00000000-0000-4000-8000-000000000001';
const CARD_ACCOUNT = '00000000-0000-4000-8000-000000000002';

/** A repayment of €150 from the EUR account to the card account: one action, two legs. */
const repayment: Activity = {
  id: '00000000-0000-4000-8000-0000000000a1',
  accountId: EUR_ACCOUNT,
  type: 'card_repayment',
  status: 'completed',
  counterparty: null,
  reference: null,
  amount: '-150.00',
  currency: 'EUR',
  counterAmount: null,
  counterCurrency: null,
  returnReason: null,
  recurringBuy: null,
  usdValue: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  legs: [{ id: '00000000-0000-4000-8000-0000000000a2', accountId: CARD_ACCOUNT, amount: '150.00', currency: 'EUR' }],
};

const accounts = [
  { id: EUR_ACCOUNT, name: 'Euro account' },
  { id: CARD_ACCOUNT, name: 'Card account' },
] as AccountChoice[];

/** The facts' terms and the text of each, as rendered in `locale`. */
async function rendered(activity: Activity, locale: Locale) {
  const i18n = await messagesIn(locale);
  const language = createActor(setup({}).createMachine({ context: { locale } })).start();
  const html = renderToStaticMarkup(
    <SystemContext.Provider value={{ language } as unknown as AppSystem}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <ActivityFacts activity={activity} accounts={accounts} />
        </MemoryRouter>
      </I18nextProvider>
    </SystemContext.Provider>,
  );
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return {
    body,
    facts: new Map(
      [...body.querySelectorAll('.fact')].map((fact) => [fact.querySelector('dt')!.textContent, fact.querySelector('dd')!.textContent]),
    ),
  };
}

const facts = async (activity: Activity, locale: Locale) => (await rendered(activity, locale)).facts;

describe('an activity’s detail (issue 24 item 16)', () => {
  it('says what releases money another customer sent that waits over the receiver’s limit', async () => {
    const held: Activity = {
      ...repayment,
      type: 'money_received',
      status: 'pending',
      counterparty: 'Sam Smith',
      amount: '20.00',
      legs: [],
    };
    expect((await facts(held, 'en')).get('Status')).toMatch(/^Pending: .*receiving limit.*raise your level/);
    expect((await facts({ ...held, type: 'withdrawal' }, 'en')).get('Status')).toBe('Pending');
  });

  it('lists the other accounts the same action moved, with their amounts', async () => {
    const shown = await facts(repayment, 'en');
    expect(shown.get('Other accounts moved')).toBe('Card account +€150.00');
  });

  it('gives an exchange’s other side once, as what it was exchanged for', async () => {
    const exchange: Activity = {
      ...repayment,
      type: 'exchange',
      amount: '-50.00',
      counterAmount: '0.00080988',
      counterCurrency: 'BTC',
      legs: [{ id: '00000000-0000-4000-8000-0000000000a3', accountId: CARD_ACCOUNT, amount: '0.00080988', currency: 'BTC' }],
    };
    const shown = await facts(exchange, 'en');
    expect(shown.get('Exchanged for')).toMatch(/^\+0\.00080988\sBTC$/);
    expect([...shown.keys()]).not.toContain('Other accounts moved');
  });

  it('says the bank sent a payout back, and why, in the customer’s language', async () => {
    const returned: Activity = { ...repayment, type: 'withdrawal', status: 'returned', returnReason: 'AC04', legs: [] };
    const en = await facts(returned, 'en');
    expect(en.get('Status')).toBe('Returned');
    expect(en.get('Why it came back')).toMatch(/closed/i);
    const de = await facts(returned, 'de');
    expect(de.get('Bearbeitungsstatus')).toBe('Zurückgebucht');
    expect(de.get('Warum sie zurückkam')).toMatch(/geschlossen|aufgelöst/i);
    expect([...(await facts(repayment, 'en')).keys()]).not.toContain('Why it came back');
  });

  it('in the customer’s language', async () => {
    const shown = await facts(repayment, 'de');
    expect(shown.get('Weitere betroffene Konten')).toMatch(/^Card account \+150,00\s€$/);
  });

  it('says a recurring buy’s run was one and links to the plans, in the customer’s language', async () => {
    const run: Activity = {
      ...repayment,
      type: 'exchange',
      amount: '-25.00',
      counterAmount: '0.0004',
      counterCurrency: 'BTC',
      legs: [],
      recurringBuy: { id: '00000000-0000-4000-8000-0000000000b1', asset: 'BTC' },
    };
    const { body, facts: shown } = await rendered(run, 'ar');
    expect(shown.get('شراء متكرر')).toBe('عرض عمليات الشراء المتكرر');
    expect(body.querySelector('[data-testid="activity-recurring-buy"]')!.getAttribute('href')).toBe('/ar/recurring-buys');
    expect([...(await facts(repayment, 'en')).keys()]).not.toContain('Recurring buy');
  });

  it('says nothing of other accounts when the action moved only this one', async () => {
    const shown = await facts({ ...repayment, type: 'deposit', amount: '150.00', legs: [] }, 'en');
    expect([...shown.keys()]).not.toContain('Other accounts moved');
  });
});

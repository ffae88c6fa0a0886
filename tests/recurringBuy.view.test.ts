import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { recurringBuyMachine } from '../machines/recurringBuy/recurringBuy.machine';
import { recurringBuyView } from '../machines/recurringBuy/recurringBuy.view';
import type { RecurringBuys } from '../contract/recurringBuys';

const input = {
  timeZone: 'Europe/Berlin',
  today: '2027-02-10',
  fiat: [{ id: 'eur', asset: 'EUR' as const }],
  crypto: [{ id: 'btc', asset: 'BTC' as const }],
};

async function form(today = input.today, asset?: 'ETH') {
  const actor = createActor(
    recurringBuyMachine.provide({ actors: { loadPlans: fromPromise(async (): Promise<RecurringBuys> => ({ plans: [] })) } }),
    {
      input: { ...input, crypto: [...input.crypto, { id: 'eth', asset: 'ETH' as const }], today, asset },
    },
  ).start();
  await waitFor(actor, (snapshot) => recurringBuyView(snapshot).step === 'list');
  actor.send({ type: 'SETUP_STARTED' });
  return actor;
}

describe('recurringBuyView', () => {
  it('shows the first run as the server computes it: the next day on, the 29th–31st on the last day of shorter months', async () => {
    const actor = await form();
    expect(recurringBuyView(actor.getSnapshot())).toMatchObject({ step: 'form', firstRun: '2027-02-15' });
    actor.send({ type: 'FREQUENCY_CHOSEN', frequency: 'monthly' });
    actor.send({ type: 'DAY_OF_MONTH_CHOSEN', dayOfMonth: 31 });
    expect(recurringBuyView(actor.getSnapshot()).firstRun).toBe('2027-02-28');
    actor.send({ type: 'DAY_OF_MONTH_CHOSEN', dayOfMonth: 10 });
    // Today's day has begun: the first run is next month's.
    expect(recurringBuyView(actor.getSnapshot()).firstRun).toBe('2027-03-10');
    actor.send({ type: 'FREQUENCY_CHOSEN', frequency: 'daily' });
    expect(recurringBuyView(actor.getSnapshot()).firstRun).toBe('2027-02-11');
  });

  it('buys the asset the page was opened for (an account’s “Buy regularly”), else the first crypto account', async () => {
    expect(recurringBuyView((await form(input.today, 'ETH')).getSnapshot()).draft.toAccountId).toBe('eth');
    expect(recurringBuyView((await form()).getSnapshot()).draft.toAccountId).toBe('btc');
  });

  it('refuses an amount with more decimals than the currency has, or none, before anything is sent', async () => {
    const actor = await form();
    actor.send({ type: 'AMOUNT_CHANGED', amount: '10.001' });
    actor.send({ type: 'SUBMITTED' });
    expect(recurringBuyView(actor.getSnapshot())).toMatchObject({ step: 'form', busy: false, failure: { code: 'amount_too_precise' } });
    actor.send({ type: 'AMOUNT_CHANGED', amount: '' });
    actor.send({ type: 'SUBMITTED' });
    expect(recurringBuyView(actor.getSnapshot()).failure).toEqual({ code: 'amount_invalid' });
  });
});

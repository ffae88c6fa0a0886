import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { recurringBuyMachine } from '../machines/recurringBuy/recurringBuy.machine';
import { connectRecurringBuy } from '../machines/recurringBuy/recurringBuy.view';
import type { RecurringBuys } from '../contract/recurringBuys';

const input = {
  timeZone: 'Europe/Berlin',
  today: '2027-02-10',
  fiat: [{ id: 'eur', asset: 'EUR' as const }],
  crypto: [{ id: 'btc', asset: 'BTC' as const }],
};

const sent: unknown[] = [];
const recurringBuyView = (snapshot: Parameters<typeof connectRecurringBuy>[0]) =>
  connectRecurringBuy(snapshot, (event) => sent.push(event));

async function form(today = input.today, asset?: 'ETH') {
  const actor = createActor(
    recurringBuyMachine.provide({ actors: { loadPlans: fromPromise(async (): Promise<RecurringBuys> => ({ plans: [] })) } }),
    {
      input: { ...input, crypto: [...input.crypto, { id: 'eth', asset: 'ETH' as const }], today, asset },
    },
  ).start();
  await waitFor(actor, (snapshot) => !recurringBuyView(snapshot).loading);
  actor.send({ type: 'SETUP_STARTED' });
  return actor;
}

describe('connectRecurringBuy', () => {
  it('shows the first run as the server computes it: the next day on, the 29th–31st on the last day of shorter months', async () => {
    const actor = await form();
    expect(recurringBuyView(actor.getSnapshot())).toMatchObject({ editing: true, firstRun: '2027-02-15' });
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
    expect(recurringBuyView(actor.getSnapshot())).toMatchObject({ editing: true, busy: false, failure: { code: 'amount_too_precise' } });
    actor.send({ type: 'AMOUNT_CHANGED', amount: '' });
    actor.send({ type: 'SUBMITTED' });
    expect(recurringBuyView(actor.getSnapshot()).failure).toEqual({ code: 'amount_invalid' });
  });

  it('sends the form as the machine’s events, and the plan each change is about', async () => {
    const actor = await form();
    const view = recurringBuyView(actor.getSnapshot());
    sent.length = 0;
    view.chooseFrom('eur');
    view.chooseTo('btc');
    view.typeAmount('25');
    view.chooseFrequency('monthly');
    view.chooseDayOfMonth(31);
    view.chooseDayOfWeek(3);
    view.submit();
    view.cancelSetup();
    view.pause('plan-1');
    view.resume('plan-1');
    view.cancel('plan-1');
    view.confirmCancel();
    view.keepPlan();
    view.startSetup();
    view.retry();
    expect(sent).toEqual([
      { type: 'FROM_CHOSEN', accountId: 'eur' },
      { type: 'TO_CHOSEN', accountId: 'btc' },
      { type: 'AMOUNT_CHANGED', amount: '25' },
      { type: 'FREQUENCY_CHOSEN', frequency: 'monthly' },
      { type: 'DAY_OF_MONTH_CHOSEN', dayOfMonth: 31 },
      { type: 'DAY_OF_WEEK_CHOSEN', dayOfWeek: 3 },
      { type: 'SUBMITTED' },
      { type: 'SETUP_CANCELLED' },
      { type: 'PAUSE_REQUESTED', planId: 'plan-1' },
      { type: 'RESUME_REQUESTED', planId: 'plan-1' },
      { type: 'CANCEL_REQUESTED', planId: 'plan-1' },
      { type: 'CANCEL_CONFIRMED' },
      { type: 'CANCEL_DISMISSED' },
      { type: 'SETUP_STARTED' },
      { type: 'RETRY' },
    ]);
  });

  it('says which part shows: loading, the list, or the form', async () => {
    const actor = await form();
    expect(recurringBuyView(actor.getSnapshot())).toMatchObject({ loading: false, loadFailed: false, editing: true });
    actor.send({ type: 'SETUP_CANCELLED' });
    expect(recurringBuyView(actor.getSnapshot())).toMatchObject({ loading: false, loadFailed: false, editing: false });
    const offline = createActor(
      recurringBuyMachine.provide({
        actors: {
          loadPlans: fromPromise(async (): Promise<RecurringBuys> => {
            throw { code: 'network_error' };
          }),
        },
      }),
      { input },
    ).start();
    expect(recurringBuyView(offline.getSnapshot())).toMatchObject({ loading: true, loadFailed: false, editing: false });
    const failed = recurringBuyView(await waitFor(offline, (snapshot) => !snapshot.hasTag('loading')));
    expect(failed).toMatchObject({ loading: false, loadFailed: true, editing: false, failure: { code: 'network_error' } });
  });
});

import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { CreatePriceAlertBody, PriceAlert, PriceAlerts } from '../contract/priceAlerts';
import type { SubmitIntent } from '../machines/parts/idempotentSubmit';
import { priceAlertBody, priceAlertsMachine } from '../machines/priceAlerts/priceAlerts.machine';
import { connectPriceAlerts, priceAlertsView } from '../machines/priceAlerts/priceAlerts.view';

// /alerts shows what priceAlertsView returns: the field's problem as typed, each outcome where it belongs.

/** An answer that never comes, typed as the actor's. */
const pending = <T, I>() => fromPromise<T, I>(() => new Promise<T>(() => {}));
type CreateInput = { body: CreatePriceAlertBody } & SubmitIntent;
const refused = fromPromise<PriceAlert, CreateInput>(() => Promise.reject({ code: 'price_alerts_full' }));
const start = (createPriceAlert = pending<PriceAlert, CreateInput>()) =>
  createActor(priceAlertsMachine.provide({ actors: { createPriceAlert, removePriceAlert: pending<PriceAlerts, { id: string }>() } }), {
    input: {},
  }).start();

describe('priceAlertsView', () => {
  it('says nothing of an empty figure until the customer tries, then asks for a price', () => {
    const flow = start();
    expect(priceAlertsView(flow.getSnapshot()).problem).toBeNull();
    flow.send({ type: 'SUBMITTED', alertCount: 0 });
    expect(priceAlertsView(flow.getSnapshot())).toMatchObject({ problem: 'price_invalid', busy: false, createFailure: null });
  });

  it('judges the same figure again as a percent when the kind becomes a move', () => {
    const flow = start();
    flow.send({ type: 'VALUE_CHANGED', text: '150', value: '150' });
    expect(priceAlertsView(flow.getSnapshot()).problem).toBeNull();
    flow.send({ type: 'KIND_CHOSEN', kind: 'move' });
    expect(priceAlertsView(flow.getSnapshot()).problem).toBe('percent_invalid');
    flow.send({ type: 'VALUE_CHANGED', text: '12.5', value: '12.5' });
    expect(priceAlertsView(flow.getSnapshot()).problem).toBeNull();
  });

  it('refuses a new alert at the limit before asking, keeping the figure', () => {
    const flow = start();
    flow.send({ type: 'VALUE_CHANGED', text: '70 000', value: '70000' });
    flow.send({ type: 'SUBMITTED', alertCount: 20 });
    const view = priceAlertsView(flow.getSnapshot());
    expect(view).toMatchObject({ busy: false, createFailure: { code: 'price_alerts_full' }, removeFailure: null });
    expect(view.draft.text).toBe('70 000');
  });

  it('keeps what was typed when the server refuses, and shows the removal being asked about', async () => {
    const flow = start(refused);
    flow.send({ type: 'VALUE_CHANGED', text: '5', value: '5' });
    flow.send({ type: 'SUBMITTED', alertCount: 1 });
    expect(priceAlertsView(flow.getSnapshot())).toMatchObject({ busy: true, creating: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(priceAlertsView(flow.getSnapshot())).toMatchObject({ creating: false, createFailure: { code: 'price_alerts_full' } });
    expect(flow.getSnapshot().context.draft.value).toBe('5');
    flow.send({ type: 'REMOVE_REQUESTED', alertId: 'a1' });
    expect(priceAlertsView(flow.getSnapshot())).toMatchObject({ confirmingId: 'a1', createFailure: null, removingId: null });
  });

  it('sends a double tap once, and a retry after a lost answer as the same intent (the same key); another figure is another', async () => {
    const sent: CreateInput[] = [];
    const flow = start(
      fromPromise<PriceAlert, CreateInput>(({ input }) => {
        sent.push(input);
        return Promise.reject({ code: 'network_error' });
      }),
    );
    flow.send({ type: 'VALUE_CHANGED', text: '70000', value: '70000' });
    flow.send({ type: 'SUBMITTED', alertCount: 1 });
    flow.send({ type: 'SUBMITTED', alertCount: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    flow.send({ type: 'SUBMITTED', alertCount: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    flow.send({ type: 'VALUE_CHANGED', text: '71000', value: '71000' });
    flow.send({ type: 'SUBMITTED', alertCount: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent.map(({ body }) => body)).toEqual([
      { kind: 'above', asset: 'BTC', price: '70000' },
      { kind: 'above', asset: 'BTC', price: '70000' },
      { kind: 'above', asset: 'BTC', price: '71000' },
    ]);
    expect(sent[1]!.intent).toBe(sent[0]!.intent);
    expect(sent[2]!.intent).not.toBe(sent[0]!.intent);
  });

  it('starts the form on the asset the page was opened for (an account’s “Set a price alert”), else Bitcoin', () => {
    const opened = (asset?: 'ETH') => priceAlertsView(createActor(priceAlertsMachine, { input: { asset } }).getSnapshot()).draft.asset;
    expect(opened('ETH')).toBe('ETH');
    expect(opened()).toBe('BTC');
  });

  it('reads letters as no figure, for a price and a percent alike', () => {
    expect(priceAlertBody({ asset: 'BTC', kind: 'move', text: 'abc', value: 'abc' })).toBeNull();
    expect(priceAlertBody({ asset: 'BTC', kind: 'below', text: '0', value: '0' })).toBeNull();
    expect(priceAlertBody({ asset: 'ETH', kind: 'below', text: '2500.5', value: '2500.5' })).toEqual({
      kind: 'below',
      asset: 'ETH',
      price: '2500.5',
    });
  });
});

describe('connectPriceAlerts', () => {
  it('sends the form’s choices, the creation with the alert count, and the removal asked, confirmed or kept as the machine’s events', () => {
    const sent: unknown[] = [];
    const view = connectPriceAlerts(start().getSnapshot(), (event) => sent.push(event));
    view.chooseAsset('ETH');
    view.chooseKind('move');
    view.typeValue('2,5', '2.5');
    view.create(3);
    view.remove('a1');
    view.confirmRemove();
    view.keep();
    expect(sent).toEqual([
      { type: 'ASSET_CHOSEN', asset: 'ETH' },
      { type: 'KIND_CHOSEN', kind: 'move' },
      { type: 'VALUE_CHANGED', text: '2,5', value: '2.5' },
      { type: 'SUBMITTED', alertCount: 3 },
      { type: 'REMOVE_REQUESTED', alertId: 'a1' },
      { type: 'REMOVE_CONFIRMED' },
      { type: 'REMOVE_CANCELLED' },
    ]);
  });
});

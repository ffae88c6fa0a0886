import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { payLinkMachine } from '../machines/payLink/payLink.machine';
import { connectPayLink } from '../machines/payLink/payLink.view';
import { paymentMachine } from '../machines/payment/payment.machine';
import { moneyRequestsMachine } from '../machines/moneyRequests/moneyRequests.machine';
import { connectMoneyRequests } from '../machines/moneyRequests/moneyRequests.view';
import { sendMoneyMachine } from '../machines/sendMoney/sendMoney.machine';
import { connectSendMoney } from '../machines/sendMoney/sendMoney.view';
import { SAMPLE_PAY_QUOTE, SAMPLE_PAY_REQUEST } from './models/payment.model';
import { connectPayment } from '../machines/payment/payment.view';

// Plain functions of a snapshot and a send: /pay and /pay/{hash} show exactly what these return, and their intents
// send the machines' events.

// The payment model's request and quote: what its generated paths load, these views show.
const view = SAMPLE_PAY_REQUEST;
const quote = SAMPLE_PAY_QUOTE;

describe('the /pay view', () => {
  const context = { request: null, created: null, formError: null, failure: null, cancelled: null };
  const sent: unknown[] = [];
  const at = (value: string, extra: object = {}) =>
    connectPayLink(payLinkMachine.resolveState({ value: value as never, context: { ...context, ...extra } }), (event) => sent.push(event));

  it('shows the new link only once the server made it, and is busy while it is made', () => {
    const created = { ...view, createdAt: '2026-03-02T09:00:00.000Z', paidAt: null };
    expect(at('created', { created })).toMatchObject({ created, busy: false });
    expect(at('creating', { created: null })).toMatchObject({ created: null, busy: true });
    expect(at('editing', { formError: 'amount' })).toMatchObject({ created: null, fieldErrors: { amount: 'invalid' } });
  });

  it('says the form’s refusal in the one field-error vocabulary', () => {
    expect(at('editing').fieldErrors).toEqual({});
    expect(at('editing', { formError: 'description' }).fieldErrors).toEqual({ description: 'missing' });
  });

  it('sends the request, a new one and a cancel as the machine’s events', () => {
    sent.length = 0;
    const request = { asset: 'EUR' as const, amount: '12.50', description: 'Concert tickets', expiresInHours: null };
    const editing = at('editing');
    editing.submit(request);
    editing.cancelLink(view.hash);
    at('created').startNew();
    expect(sent).toEqual([
      { type: 'REQUEST_SUBMITTED', request },
      { type: 'CANCEL_REQUESTED', hash: view.hash },
      { type: 'NEW_REQUESTED' },
    ]);
  });
});

describe('the /pay/{hash} view', () => {
  const context = { ...createActor(paymentMachine, { input: { hash: view.hash } }).getSnapshot().context, link: view };
  const sent: unknown[] = [];
  const at = (value: string, extra: object = {}) =>
    connectPayment(paymentMachine.resolveState({ value: value as never, context: { ...context, ...extra } }), (event) => sent.push(event));
  const shown = { loading: false, loadFailed: false, notFound: false, choosing: false, paid: false, closed: false };

  it('says which part shows without naming states, and is busy from the confirmation to the answer', () => {
    expect(at('loading', { link: null })).toMatchObject({ ...shown, loading: true });
    expect(at('failed', { link: null })).toMatchObject({ ...shown, loadFailed: true });
    expect(at('choosing')).toMatchObject({ ...shown, choosing: true, busy: false, pay: null });
    expect(at('steppingUp')).toMatchObject({ ...shown, choosing: true, busy: true });
    expect(at('paying')).toMatchObject({ ...shown, choosing: true, busy: true });
    expect(at('paid')).toMatchObject({ ...shown, paid: true });
    expect(at('watching', { link: { ...view, own: true } })).toMatchObject(shown);
    expect(at('closed', { link: { ...view, status: 'paid' } })).toMatchObject({ ...shown, closed: true });
    expect(at('notFound', { link: null })).toMatchObject({ ...shown, notFound: true });
  });

  it('takes the first account only while the form has none, and sends the customer’s choices as the machine’s events', () => {
    sent.length = 0;
    const first = { id: quote.fromAccountId, asset: quote.fromAsset };
    at({ choosing: 'unpriced' } as never).chooseFirst(first);
    at({ choosing: 'unpriced' } as never, { fromAccountId: 'another' }).chooseFirst(first);
    at('loading', { link: null }).chooseFirst(first);
    const chosen = at({ choosing: 'unpriced' } as never, { fromAccountId: quote.fromAccountId });
    chosen.chooseAccount('eur-account', 'EUR');
    chosen.pay?.();
    at({ choosing: 'quoteFailed' } as never, { fromAccountId: quote.fromAccountId }).retry();
    expect(sent).toEqual([
      { type: 'ACCOUNT_CHOSEN', fromAccountId: quote.fromAccountId, asset: quote.fromAsset },
      { type: 'ACCOUNT_CHOSEN', fromAccountId: 'eur-account', asset: 'EUR' },
      { type: 'PAY_CONFIRMED' },
      { type: 'RETRY' },
    ]);
  });

  it('shows a quote while it holds, never while a fresh one is asked for, and offers “Pay” only when it is covered', () => {
    const chosen = { fromAccountId: quote.fromAccountId, quote, secondsLeft: 12 };
    expect(at({ choosing: 'priced' } as never, chosen)).toMatchObject({
      quote,
      secondsLeft: 12,
      pay: expect.any(Function),
      quoting: false,
    });
    expect(at({ choosing: 'priced' } as never, { ...chosen, quote: { ...quote, fundsSufficient: false } })).toMatchObject({
      pay: null,
    });
    expect(at({ choosing: 'quoting' } as never, { ...chosen, refreshed: true })).toMatchObject({
      quote: null,
      quoting: true,
      refreshed: true,
      pay: null,
    });
    expect(at({ choosing: 'quoteFailed' } as never, chosen)).toMatchObject({ quoteFailed: true, pay: null });
    expect(at({ choosing: 'unpriced' } as never, { fromAccountId: quote.fromAccountId })).toMatchObject({
      quote: null,
      pay: expect.any(Function),
    });
    // Offline, “Pay” would start a step-up and a payment that can only fail (issue 24 item 15).
    expect(at({ choosing: 'unpriced' } as never, { fromAccountId: quote.fromAccountId, offline: true })).toMatchObject({ pay: null });
    expect(at({ choosing: 'priced' } as never, { ...chosen, offline: true })).toMatchObject({ quote, pay: null });
  });
});

describe('the /send view', () => {
  const context = createActor(sendMoneyMachine, { input: { country: 'DE', limit: null } }).getSnapshot().context;
  const sent: unknown[] = [];
  const at = (value: string, extra: object = {}) =>
    connectSendMoney(sendMoneyMachine.resolveState({ value: value as never, context: { ...context, ...extra } }), (event) =>
      sent.push(event),
    );

  it('says which part shows: the form (also while the address is looked up), the review, the receipt', () => {
    expect(at('editing')).toMatchObject({ editing: true, reviewing: false, sent: false, busy: false });
    expect(at('lookingUp')).toMatchObject({ editing: true, reviewing: false, busy: true });
    expect(at('reviewing')).toMatchObject({ editing: false, reviewing: true, sent: false });
    expect(at('sending')).toMatchObject({ editing: false, reviewing: true, busy: true });
    expect(at('sent')).toMatchObject({ editing: false, reviewing: false, sent: true });
  });

  it('sends what the customer does as the machine’s events', () => {
    sent.length = 0;
    const account = { id: 'eur', asset: 'EUR' as const, balance: '50', rate: '1.1' };
    const form = at('editing');
    form.changeLimit({ day: '100', month: '900' });
    form.changeRecipient('ann@meridian.test');
    form.chooseAccount(account);
    form.typeAmount('12.5');
    form.changeNote('Lunch');
    form.review();
    const review = at('reviewing');
    review.confirm();
    review.edit();
    at('sent').startNew();
    expect(sent).toEqual([
      { type: 'LIMIT_CHANGED', limit: { day: '100', month: '900' } },
      { type: 'RECIPIENT_CHANGED', to: 'ann@meridian.test' },
      { type: 'ACCOUNT_CHOSEN', account },
      { type: 'AMOUNT_CHANGED', amount: '12.5' },
      { type: 'NOTE_CHANGED', note: 'Lunch' },
      { type: 'REVIEW_REQUESTED' },
      { type: 'CONFIRMED' },
      { type: 'EDIT_REQUESTED' },
      { type: 'NEW_REQUESTED' },
    ]);
  });
});

describe('the /send/requests view', () => {
  const context = createActor(moneyRequestsMachine, { input: { country: 'DE' } }).getSnapshot().context;
  const sent: unknown[] = [];
  const at = (value: string, extra: object = {}) =>
    connectMoneyRequests(moneyRequestsMachine.resolveState({ value: value as never, context: { ...context, ...extra } }), (event) =>
      sent.push(event),
    );

  it('shows an ask on its way under the form, and a payment on its way on its own row only', () => {
    expect(at('asking', { action: 'ask', requestId: null })).toMatchObject({ busy: true, asking: true, requestId: null });
    const paying = at('paying', { action: 'pay', requestId: 'r1' });
    expect(paying).toMatchObject({ busy: true, asking: false, requestId: 'r1' });
    expect([paying.paying('r1'), paying.paying('r2')]).toEqual([true, false]);
    expect(at('answering', { action: 'decline', requestId: 'r1' }).paying('r1')).toBe(false);
    expect(at('ready', { action: 'decline', requestId: 'r1', done: true })).toMatchObject({ answered: 'decline', asked: false });
  });

  it('sends an ask, a payment and an answer as the machine’s events', () => {
    sent.length = 0;
    const view = at('ready');
    const draft = { from: 'ann@meridian.test', asset: 'EUR' as const, amount: '5', note: '' };
    view.ask(draft);
    view.pay({ id: 'r1', amount: '5' }, { id: 'eur', balance: '50' });
    view.answer('r2', 'remind');
    expect(sent).toEqual([
      { type: 'REQUEST_SUBMITTED', draft },
      { type: 'PAY_REQUESTED', request: { id: 'r1', amount: '5' }, account: { id: 'eur', balance: '50' } },
      { type: 'ANSWER_REQUESTED', requestId: 'r2', answer: 'remind' },
    ]);
  });
});

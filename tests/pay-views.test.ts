import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { payLinkMachine } from '../machines/payLink/payLink.machine';
import { payLinkView } from '../machines/payLink/payLink.view';
import { paymentMachine } from '../machines/payment/payment.machine';
import { SAMPLE_PAY_QUOTE, SAMPLE_PAY_REQUEST } from './models/payment.model';
import { paymentView } from '../machines/payment/payment.view';

// Plain functions of a snapshot: /pay and /pay/{hash} show exactly what these return.

// The payment model's request and quote: what its generated paths load, these views show.
const view = SAMPLE_PAY_REQUEST;
const quote = SAMPLE_PAY_QUOTE;

describe('the /pay view', () => {
  const context = { request: null, created: null, formError: null, failure: null, cancelled: null };
  const at = (value: string, extra: object = {}) =>
    payLinkView(payLinkMachine.resolveState({ value: value as never, context: { ...context, ...extra } }));

  it('shows the new link only once the server made it, and is busy while it is made', () => {
    const created = { ...view, createdAt: '2026-03-02T09:00:00.000Z', paidAt: null };
    expect(at('created', { created })).toMatchObject({ created, busy: false });
    expect(at('creating', { created: null })).toMatchObject({ created: null, busy: true });
    expect(at('editing', { formError: 'amount' })).toMatchObject({ created: null, formError: 'amount' });
  });
});

describe('the /pay/{hash} view', () => {
  const context = { ...createActor(paymentMachine, { input: { hash: view.hash } }).getSnapshot().context, link: view };
  const at = (value: string, extra: object = {}) =>
    paymentView(paymentMachine.resolveState({ value: value as never, context: { ...context, ...extra } }));

  it('names the step without naming states, and is busy from the confirmation to the answer', () => {
    expect(at('loading', { link: null }).step).toBe('loading');
    expect(at('choosing')).toMatchObject({ step: 'choosing', busy: false, canPay: false });
    expect(at('steppingUp')).toMatchObject({ step: 'choosing', busy: true });
    expect(at('paying')).toMatchObject({ step: 'choosing', busy: true });
    expect(at('watching', { link: { ...view, own: true } }).step).toBe('watching');
    expect(at('closed', { link: { ...view, status: 'paid' } }).step).toBe('closed');
    expect(at('notFound', { link: null }).step).toBe('notFound');
  });

  it('shows a quote while it holds, never while a fresh one is asked for, and offers “Pay” only when it is covered', () => {
    const chosen = { fromAccountId: quote.fromAccountId, quote, secondsLeft: 12 };
    expect(at({ choosing: 'priced' } as never, chosen)).toMatchObject({ quote, secondsLeft: 12, canPay: true, quoting: false });
    expect(at({ choosing: 'priced' } as never, { ...chosen, quote: { ...quote, fundsSufficient: false } })).toMatchObject({
      canPay: false,
    });
    expect(at({ choosing: 'quoting' } as never, { ...chosen, refreshed: true })).toMatchObject({
      quote: null,
      quoting: true,
      refreshed: true,
      canPay: false,
    });
    expect(at({ choosing: 'quoteFailed' } as never, chosen)).toMatchObject({ quoteFailed: true, canPay: false });
    expect(at({ choosing: 'unpriced' } as never, { fromAccountId: quote.fromAccountId })).toMatchObject({ quote: null, canPay: true });
    // Offline, “Pay” would start a step-up and a payment that can only fail (issue 24 item 15).
    expect(at({ choosing: 'unpriced' } as never, { fromAccountId: quote.fromAccountId, offline: true })).toMatchObject({ canPay: false });
    expect(at({ choosing: 'priced' } as never, { ...chosen, offline: true })).toMatchObject({ quote, canPay: false });
  });
});

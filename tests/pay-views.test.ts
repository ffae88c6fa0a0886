import { describe, expect, it } from 'vitest';
import type { PayLinkView } from '../contract/payLinks';
import { payLinkMachine } from '../machines/payLink.machine';
import { payLinkView } from '../machines/payLink.view';
import { paymentMachine } from '../machines/payment.machine';
import { paymentView } from '../machines/payment.view';

// Plain functions of a snapshot: /pay and /pay/{hash} show exactly what these return.

const link = {
  hash: 'q3Xv8Zb1TkWm0aPc7Yr2Ug',
  asset: 'EUR',
  amount: '12.50',
  description: 'Lunch',
  status: 'open',
  expiresAt: null,
} as const;

describe('the /pay view', () => {
  const context = { request: null, created: null, formError: null, failure: null, cancelled: null };
  const at = (value: string, extra: object = {}) =>
    payLinkView(payLinkMachine.resolveState({ value: value as never, context: { ...context, ...extra } }));

  it('shows the new link only once the server made it, and is busy while it is made', () => {
    const created = { ...link, createdAt: '2026-03-02T09:00:00.000Z', paidAt: null };
    expect(at('created', { created })).toMatchObject({ created, busy: false });
    expect(at('creating', { created: null })).toMatchObject({ created: null, busy: true });
    expect(at('editing', { formError: 'amount' })).toMatchObject({ created: null, formError: 'amount' });
  });
});

describe('the /pay/{hash} view', () => {
  const view: PayLinkView = { ...link, requesterName: 'Grace Hopper', own: false };
  const context = {
    hash: link.hash,
    link: view,
    fromAccountId: null,
    quote: null,
    secondsLeft: 0,
    refreshed: false,
    idempotencyKey: null,
    keyedFor: null,
    receipt: null,
    failure: null,
  };
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

  const quote = {
    id: '2d7a4caf-4f7e-4fbd-8c77-7d4aae3fb032',
    fromAccountId: '1c6f3b9f-3e6d-4eac-9b66-6c3f9d2eaf21',
    fromAsset: 'BTC',
    toAsset: 'EUR',
    rate: '60836.7',
    spreadPercent: '0.5',
    feePercent: '0.1',
    fee: '0.00001662',
    amountIn: '0.0002221',
    amountOut: '12.50',
    usdValue: '14.44',
    fundsSufficient: true,
    limitLeftUsd: '500.00',
    withinLimit: true,
    firmForSeconds: 30,
    expiresAt: '2026-03-02T09:00:30.000Z',
  } as const;

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
  });
});

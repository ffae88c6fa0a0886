import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { Locale } from '../contract/locales';
import { ADMIN, expect, registerCustomer, someClientAddress } from './fixtures';

/* A fresh customer with a card account, for the card screens (cards.spec.ts) and the demo card network (card-payment.spec.ts). */

/** One call as the customer; fails the test unless it answers `status`. */
export async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown, status = 200) {
  const headers = { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() };
  const response = method === 'GET' ? await request.get(`/api${path}`, { headers }) : await request.post(`/api${path}`, { headers, data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(status);
  return (await response.json()) as Record<string, unknown> & { id: string };
}

/** Credits the account through the admin's adjustment (a new customer's top-up limit is too small for collateral). */
async function credit(admin: APIRequestContext, accountId: string, amount: string) {
  const login = await admin.post('/api/auth/login', { data: ADMIN, headers: { 'X-Forwarded-For': someClientAddress() } });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  await call(admin, accessToken, 'POST', '/simulate/admin/adjustments', {
    accountId,
    direction: 'credit',
    amount,
    reason: 'e2e card collateral',
  });
}

/**
 * A new customer signed in in this context with a euro card account: 0.05 BTC pledged, a virtual card, and
 * (unless `debt` is false) a card payment of 60 % of the credit limit (a 30 % loan-to-value); 100 EUR to repay from.
 */
export async function cardCustomer(request: APIRequestContext, admin: APIRequestContext, language: Locale, { debt = true } = {}) {
  const customer = await registerCustomer(request, language);
  const token = customer.tokens.accessToken;
  const btc = await call(request, token, 'POST', '/accounts-management/open-account', { currency: 'BTC' });
  const eur = await call(request, token, 'POST', '/accounts-management/open-account', { currency: 'EUR' });
  await credit(admin, btc.id, '0.1');
  await credit(admin, eur.id, '100');
  const account = await call(request, token, 'POST', '/accounts-management/create-accounts-card', {});
  await call(request, token, 'POST', `/card-accounts/${account.id}/collateral/add`, { asset: 'BTC', amount: '0.05' });
  const card = await call(request, token, 'POST', `/card-accounts/${account.id}/cards`, { form: 'virtual' }, 201);
  if (debt) {
    const { creditLimit } = (await call(request, token, 'GET', `/card-accounts/${account.id}`)) as unknown as { creditLimit: string };
    const amount = ((Number(creditLimit) * 0.6) | 0).toString();
    await call(request, token, 'POST', '/simulate/card-authorizations', {
      cardId: card.id,
      amount,
      merchant: 'Café Lumière',
      channel: 'chip',
    });
  }
  return { ...customer, accountId: account.id, cardId: card.id, btcAccountId: btc.id, eurAccountId: eur.id };
}

import { formatAmount } from '../../contract/money';
import type { SimulatedMovement, SimulationAccount } from '../../contract/simulate';
import type { PageAction } from './graph/model';
import { inLanguage, pageTexts, SIGNED_IN, type PageLanguage } from './graph/page';
import { sessionCookieJar } from './session.model';

/*
 * What the browser bindings of the demo and admin tools share: their two pages, opened with the reads a
 * write needs answered (the rest answer 503: a section that cannot load says so and the others stay).
 */

/** /simulate/admin as an admin opens it. */
export function adminPage(language: PageLanguage, reads: PageAction[] = []): PageAction[] {
  return [
    sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
    { answer: '**/api/users/me', method: 'GET', json: { ...SIGNED_IN.user, role: 'admin' } },
    ...reads,
    { open: inLanguage('/simulate/admin', language) },
  ];
}

/** /simulate as a customer opens it, with their simulation accounts. */
export function simulatePage(language: PageLanguage, accounts: SimulationAccount[], reads: PageAction[] = []): PageAction[] {
  return [
    sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
    { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
    { answer: '**/api/simulate/accounts', method: 'GET', json: accounts },
    ...reads,
    { open: inLanguage('/simulate', language) },
  ];
}

/** The toast after money moved: the account's balance after it, as the page writes it. */
export function balanceToast(template: string, movement: SimulatedMovement, language: PageLanguage) {
  const { balance, currency } = movement.account;
  return { shownText: template.replace('{{balance}}', formatAmount(balance, currency, language)) };
}

/** The customer's own accounts in the simulation: a fiat one and a crypto one. */
export const SIMULATION_ACCOUNTS: SimulationAccount[] = [
  { id: '3f0d8a44-8d8e-4f4c-9b1e-6a7c5d4e3f21', kind: 'fiat', currency: 'EUR', name: 'Euro', balance: '2450.75' },
  { id: '7c2b1a90-5e6f-4a3b-8c9d-0e1f2a3b4c5d', kind: 'crypto', currency: 'USDT', name: 'Tether', balance: '1250.5' },
];

/** The amount field's label on both pages. */
export const amountLabel = (language: PageLanguage) => pageTexts(language).simulate.amount;

import type { AppSystem } from './system';

/**
 * Call after every money movement the customer makes (a top-up, transfer, payment, withdrawal): the
 * balances are fetched at once and the polling interval starts again.
 */
export function moneyMoved(system: Pick<AppSystem, 'balances'>): void {
  system.balances.send({ type: 'BALANCES_REFRESH' });
}

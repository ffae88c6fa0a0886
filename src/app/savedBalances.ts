import type { BalancesSummary } from '../../contract/accounts';
import type { SavedBalances } from '../../machines/balances/balances.machine';
import { STORAGE_KEYS, safeStorage } from '../platform/storage';

/**
 * The balances this device keeps between visits (the balances machine's `saved`), so that a reload without a
 * connection shows the last figures, marked with their time, instead of nothing. Local storage, as the
 * installed app's next start is a new session; they go with the session (sign-out, any 401).
 */
export function readSavedBalances(): SavedBalances | null {
  try {
    const saved = JSON.parse(safeStorage('local')?.getItem(STORAGE_KEYS.savedBalances) ?? 'null') as Partial<SavedBalances> | null;
    // Written by this app, but by an older build perhaps: figures of another shape are not shown.
    return saved && typeof saved.at === 'number' && typeof saved.summary?.total === 'string' ? (saved as SavedBalances) : null;
  } catch {
    return null;
  }
}

export function saveBalances(summary: BalancesSummary, at: number): void {
  try {
    safeStorage('local')?.setItem(STORAGE_KEYS.savedBalances, JSON.stringify({ summary, at } satisfies SavedBalances));
  } catch {
    // A full storage only costs the offline figures.
  }
}

export function forgetSavedBalances(): void {
  safeStorage('local')?.removeItem(STORAGE_KEYS.savedBalances);
}

import { useQuery } from '@tanstack/react-query';
import type { CardCredit } from '../../contract/cards';
import { cardsApi } from '../api/cards';
import { useApi } from './context';
import { safeStorage, STORAGE_KEYS } from '../platform/storage';
import { useHydrated } from '../ui/useHydrated';
import { unwrap } from './actors/unwrap';

export const CARD_ACCOUNTS_QUERY = ['card-accounts'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The card account chosen on /card-accounts, as kept on this device (removed on a 401 with the session). */
export function storedCardAccountId(): string | null {
  const stored = safeStorage('local')?.getItem(STORAGE_KEYS.selectedCardAccount) ?? null;
  return stored && UUID.test(stored) ? stored.toLowerCase() : null;
}

export function storeCardAccountId(id: string): void {
  safeStorage('local')?.setItem(STORAGE_KEYS.selectedCardAccount, id);
}

/** The customer's card accounts with their credit lines (display-only server data). */
export function useCardAccounts() {
  const api = useApi(cardsApi);
  const live = useHydrated();
  return useQuery({
    queryKey: CARD_ACCOUNTS_QUERY,
    enabled: live,
    queryFn: async ({ signal }) => unwrap(api.listCardAccounts({ retry: false, signal })),
  });
}

/**
 * The card account the cards and collateral screens are about: the stored choice while it is still one of
 * the customer's, else the first (and, today, only) one, which then becomes the choice. Undefined while
 * loading, null when the customer has none.
 */
export function useSelectedCardAccount(): { account: CardCredit | null | undefined; query: ReturnType<typeof useCardAccounts> } {
  const query = useCardAccounts();
  if (!query.data) return { account: undefined, query };
  const stored = storedCardAccountId();
  const account = query.data.find((line) => line.id === stored) ?? query.data[0] ?? null;
  if (account && account.id !== stored) storeCardAccountId(account.id);
  return { account, query };
}

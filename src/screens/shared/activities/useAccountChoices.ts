import { useBalances } from '../useBalances';
import { useAccountName } from '../useAccountName';

export interface AccountChoice {
  id: string;
  name: string;
  currency: string;
}

/**
 * The customer's accounts (fiat, then crypto free to spend) as the activity list names them: the
 * account filter's choices and the detail sheet's account. Read from the balances machine (views never
 * fetch balances); only names are used, never the balances.
 */
export function useAccountChoices(): AccountChoice[] {
  const { summary } = useBalances();
  const nameOf = useAccountName();
  if (!summary) return [];
  return [...summary.fiat.accounts_limit_balances, ...summary.crypto.utgl.coin_balances].map(({ id, currency }) => ({
    id,
    name: nameOf({ currency }),
    currency,
  }));
}

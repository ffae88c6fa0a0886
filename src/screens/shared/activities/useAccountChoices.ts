import { useQuery } from '@tanstack/react-query';
import { useSystem } from '../../../app/context';

export interface AccountChoice {
  id: string;
  name: string;
  currency: string;
}

/**
 * The customer's accounts (fiat, then crypto free to spend) as the activity list names them: the
 * account filter's choices and the detail sheet's account. Only names are used, never the balances.
 */
export function useAccountChoices(): AccountChoice[] {
  const { api } = useSystem();
  const summary = useQuery({
    queryKey: ['activities', 'accounts'],
    queryFn: async ({ signal }) => {
      const result = await api.getSummaryBalance({ retry: false, signal });
      if (!result.ok) throw result.error;
      return result.data;
    },
    staleTime: 5 * 60_000,
  });
  if (!summary.data) return [];
  return [...summary.data.fiat.accounts_limit_balances, ...summary.data.crypto.utgl.coin_balances].map(({ id, name, currency }) => ({
    id,
    name,
    currency,
  }));
}

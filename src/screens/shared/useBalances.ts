import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { UNKNOWN_ERROR, type BalancesError } from '../../../machines/balances.machine';
import { balancesView } from '../../../machines/balances.view';
import { useSystem } from '../../app/context';
import { useHydrated } from '../../ui/useHydrated';

/**
 * The balances machine as screens read it. Until the page is live (a page prerendered for customers)
 * it answers "loading", as the build rendered it, so hydration meets the same tree.
 */
export function useBalances() {
  const { balances } = useSystem();
  const view = useSelector(balances, balancesView);
  const live = useHydrated();
  return {
    ...(live ? view : { ...view, summary: null, loading: true, error: null }),
    refresh: () => balances.send({ type: 'BALANCES_REFRESH' }),
    toggleHidden: () => balances.send({ type: 'HIDE_BALANCES_TOGGLED' }),
  };
}

/** The failure's words: the server's message, or "Unknown error" / a lost connection in the page's language. */
export function useBalancesErrorText(): (error: BalancesError) => string {
  const { t } = useTranslation();
  return (error) =>
    error.code === 'network_error'
      ? t('failure.network_error')
      : error.message === UNKNOWN_ERROR
        ? t('balances.unknownError')
        : error.message;
}

import { useTranslation } from 'react-i18next';
import type { Failure } from '../../../machines/parts/failure';
import { connectBalances } from '../../../machines/balances/balances.view';
import { useConnect, useSystem } from '../../app/context';
import { useHydrated } from '../../ui/useHydrated';

/**
 * The balances machine as screens read it. Until the page is live (a page prerendered for customers)
 * it answers "loading", as the build rendered it, so hydration meets the same tree.
 */
export function useBalances() {
  const view = useConnect(useSystem().balances, connectBalances);
  const live = useHydrated();
  return live ? view : { ...view, summary: null, loading: true, error: null, savedAt: null };
}

/**
 * The failure's words (docs/product.md#errors): a lost connection in the page's language, else the server's
 * message, else "Unknown error" in the page's language.
 */
export function useBalancesErrorText(): (error: Failure) => string {
  const { t } = useTranslation();
  return (error) => (error.code === 'network_error' ? t('errors.network_error') : (error.message ?? t('balances.unknownError')));
}

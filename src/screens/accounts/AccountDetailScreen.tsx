import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { accountsApi } from '../../api/accounts';
import { useApi, useLocalize } from '../../app/context';
import { pageNotFound } from '../../routes/pageNotFound';
import { Button } from '../../ui/Button';
import { Copyable } from '../../ui/Copyable';
import { Money } from '../../ui/Money';
import { useHydrated } from '../../ui/useHydrated';
import { BalancesError, HideBalancesToggle, RateChange, summaryAccounts } from '../shared/Balances';
import { failureText } from '../../ui/failureText';
import { useBalances } from '../shared/useBalances';
import { RecentActivities } from '../shared/RecentActivities';
import { StatementButton } from './StatementButton';
import { useAccountName } from '../shared/useAccountName';
import { unwrap } from '../../app/actors/unwrap';
import { toFailure } from '../../../machines/parts/failure';
import { PAYOUT_CURRENCIES } from '../../../contract/payoutCurrencies';
import { TextSkeleton } from '../../ui/Skeleton';

const AssetPriceChart = lazy(() => import('./AssetPriceChart'));

/**
 * /accounts/:id: one of the customer's accounts. Any id that is not theirs gets the route-validation
 * 404, the same whether it exists or not (the server answers alike).
 */
export function AccountDetailScreen() {
  const { t } = useTranslation();
  const nameOf = useAccountName();
  const localize = useLocalize();
  const { pathname } = useLocation();
  const id = useParams().id!;
  const api = useApi(accountsApi);
  const live = useHydrated();
  const details = useQuery({
    queryKey: ['account', id],
    enabled: live,
    queryFn: async ({ signal }) => {
      return unwrap(api.getAccount(id, { retry: false, signal }));
    },
  });
  // The balance comes from the balances machine (polled, refreshed after a movement) once it has this account.
  const { summary } = useBalances();
  const valued = summary ? summaryAccounts(summary).find((account) => account.id === id) : undefined;

  if (details.error && toFailure(details.error).status === 404) throw pageNotFound(pathname);
  if (details.isError) {
    return (
      <p className="form-alert" role="alert">
        {failureText(t, 'errors', toFailure(details.error))}{' '}
        <Button className="button--small" onClick={() => void details.refetch()}>
          {t('balances.retry')}
        </Button>
      </p>
    );
  }
  const account = details.data;
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="account-balance" aria-busy={!account || undefined}>
        <div className="totals-head">
          <h2 id="account-balance" className="section-title">
            {account ? nameOf(account) : <TextSkeleton />}
          </h2>
          <HideBalancesToggle />
        </div>
        {account ? (
          <>
            <p className="total-amount">
              <Money amount={valued?.balance ?? account.balance} asset={account.currency} />
            </p>
            {valued ? (
              <p className="hint-text">
                <Money amount={valued.usdValue} asset="USD" /> · <RateChange account={valued} />
              </p>
            ) : null}
          </>
        ) : (
          <p className="total-amount skeleton skeleton--inline" aria-hidden="true">
            0,000.00
          </p>
        )}
        <BalancesError />
      </section>

      {account?.type === 'fiat' && account.iban ? (
        <section className="card" aria-labelledby="account-bank">
          <h2 id="account-bank" className="section-title">
            {t('accounts.detail.bankDetails')}
          </h2>
          <dl className="account-facts">
            <div>
              <dt>{t('accounts.detail.iban')}</dt>
              <dd>
                <Copyable text={account.iban} label={t('accounts.detail.iban')}>
                  {account.iban.replace(/(.{4})(?=.)/g, '$1 ')}
                </Copyable>
              </dd>
            </div>
            {account.bic ? (
              <div>
                <dt>{t('accounts.detail.bic')}</dt>
                <dd>
                  <Copyable text={account.bic} label={t('accounts.detail.bic')} />
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : null}

      {account?.type === 'crypto' ? (
        <nav className="button-row" aria-label={t('accounts.detail.actions')}>
          <Link className="button button--primary" to={localize(`/inject/crypto/on-chain/${account.currency}`)}>
            {t('accounts.detail.deposit', { asset: account.currency })}
          </Link>
          <Link className="button button--secondary" to={localize(`/accounts/crypto/withdraw/${account.currency}`)}>
            {t('accounts.detail.withdraw', { asset: account.currency })}
          </Link>
          <StatementButton accountId={account.id} />
        </nav>
      ) : account?.type === 'fiat' ? (
        <nav className="button-row" aria-label={t('accounts.detail.actions')}>
          <Link className="button button--primary" to={localize('/inject/fiat')}>
            {t('accounts.detail.topUp')}
          </Link>
          {(PAYOUT_CURRENCIES as readonly string[]).includes(account.currency) ? (
            <Link className="button button--secondary" to={localize(`/accounts/fiat/withdraw/${account.currency}`)}>
              {t('withdraw.bank.action')}
            </Link>
          ) : null}
          <StatementButton accountId={account.id} />
        </nav>
      ) : null}

      {account?.type === 'crypto' ? (
        // Quieter than the account's own actions: what the customer can have done for them on this asset.
        <nav className="button-row" aria-label={t('accounts.detail.automate')}>
          <Link className="button button--secondary button--small" to={localize(`/alerts?asset=${account.currency}`)}>
            {t('accounts.detail.priceAlert')}
          </Link>
          <Link className="button button--secondary button--small" to={localize(`/recurring-buys?asset=${account.currency}`)}>
            {t('accounts.detail.recurringBuy')}
          </Link>
        </nav>
      ) : null}

      {account?.type === 'crypto' ? (
        <Suspense fallback={null}>
          <AssetPriceChart asset={account.currency} />
        </Suspense>
      ) : null}

      <RecentActivities accountId={id} />
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize, useMe } from '../../app/context';
import { EmptyState } from '../../ui/EmptyState';
import { ListRow, ListRows } from '../../ui/ListRow';
import { Money } from '../../ui/Money';
import { useHydrated } from '../../ui/useHydrated';
import { AccountAmount, BalancesError, HideBalancesToggle, RateChange, summaryAccounts } from '../shared/Balances';
import { useBalances } from '../shared/useBalances';
import { RecentActivities } from '../shared/RecentActivities';
import { TextSkeleton } from '../../ui/Skeleton';

// With the chart library: its own chunk, asked for once the page is live (never in the entry or the prerender).
const PortfolioChart = lazy(() => import('./PortfolioChart'));
const AllocationChart = lazy(() => import('./AllocationChart'));

const QUICK_ACTIONS = [
  { key: 'topUp', path: '/inject/crypto' },
  // A withdrawal starts from the account it leaves.
  { key: 'withdraw', path: '/accounts' },
  { key: 'transfer', path: '/transfer' },
  { key: 'send', path: '/send' },
  { key: 'payByCode', path: '/inject/pay-by-code' },
] as const;

/** Home: the totals, each asset with its 24-hour change, quick actions and the last activities. */
export function HomeScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { summary, loading, savedAt } = useBalances();
  const live = useHydrated();
  return (
    <div className="stack home">
      {/* An earlier visit's figures are dimmed, besides being said so under them (BalancesError). */}
      <section
        className={savedAt === null ? 'card totals' : 'card totals totals--old'}
        aria-labelledby="home-total"
        aria-busy={loading || undefined}
      >
        <div className="totals-head">
          <h2 id="home-total" className="section-title">
            {t('balances.total')}
          </h2>
          <HideBalancesToggle />
        </div>
        {/* The labels are there before the figures, which load into their places: nothing moves. */}
        <p className="total-amount">{summary ? <Money amount={summary.total} asset="USD" /> : <PendingFigure />}</p>
        <dl className="totals-usdt">
          <div>
            <dt>{t('balances.allInUsdt')}</dt>
            <dd>{summary ? <Money amount={summary.crypto.full_accounts_total} asset="USDT" /> : <PendingFigure />}</dd>
          </div>
          <div>
            <dt>{t('balances.cryptoInUsdt')}</dt>
            <dd>{summary ? <Money amount={summary.crypto.total} asset="USDT" /> : <PendingFigure />}</dd>
          </div>
        </dl>
        <BalancesError />
      </section>

      <nav className="quick-actions" aria-label={t('home.quickActions')}>
        {QUICK_ACTIONS.map(({ key, path }) => (
          <Link key={key} className="button button--secondary" to={localize(path)}>
            {t(`home.actions.${key}`)}
          </Link>
        ))}
      </nav>

      <section aria-labelledby="home-assets">
        <h2 id="home-assets" className="section-title">
          {t('home.assets')}
        </h2>
        {summary ? (
          summaryAccounts(summary).length ? (
            <ListRows label={t('home.assets')}>
              {summaryAccounts(summary).map((account) => (
                <ListRow
                  key={account.id}
                  testId="asset-row"
                  label={account.currency}
                  hint={<RateChange account={account} />}
                  end={<AccountAmount account={account} />}
                  link={(content) => <Link to={localize(`/accounts/${account.id}`)}>{content}</Link>}
                />
              ))}
            </ListRows>
          ) : (
            <EmptyState
              title={t('home.noAccounts')}
              action={
                <Link className="button button--primary" to={localize('/accounts')}>
                  {t('home.openAccount')}
                </Link>
              }
            />
          )
        ) : (
          <ListRows hidden>
            {[0, 1, 2].map((row) => (
              <ListRow key={row} label={<TextSkeleton />} hint={<TextSkeleton />} />
            ))}
          </ListRows>
        )}
      </section>

      <RecentActivities />
      {/* Below the figures the prerendered page already has: inserted above them once the page is live, it
          pushed them down (a layout shift of 0.12 on a phone). */}
      {live ? (
        <Suspense fallback={null}>
          <PortfolioChart />
          <AllocationChart />
        </Suspense>
      ) : null}
      {/* Last: they depend on the profile, which arrives after the page is painted; first, they pushed the
          whole page down as they appeared (a layout shift of 0.35 on a phone). */}
      <Banners />
    </div>
  );
}

/** A figure still loading: a stand-in of an amount's width under the shimmer, skipped by screen readers. */
function PendingFigure() {
  return <TextSkeleton standIn="0,000.00" />;
}

/** What the customer should still do: confirm a phone, finish the identity check. */
function Banners() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const live = useHydrated();
  const me = useMe({ enabled: live });
  if (!live || !me.data) return null;
  const banners = [
    !me.data.phoneConfirmed && { key: 'phone', path: '/profile/security' },
    me.data.kycStatus !== 'approved' && { key: 'kyc', path: '/kyc' },
  ].filter((banner) => banner !== false);
  if (!banners.length) return null;
  return (
    <div className="stack">
      {banners.map(({ key, path }) => (
        <p key={key} className="notice banner">
          <span>{t(`home.banners.${key}.text`)}</span>
          <Link to={localize(path)}>{t(`home.banners.${key}.action`)}</Link>
        </p>
      ))}
    </div>
  );
}

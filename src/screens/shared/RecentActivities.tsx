import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountsApi } from '../../api/accounts';
import { useApi, useLocale, useLocalize } from '../../app/context';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ActivityRow } from '../../ui/ActivityRow';
import { ListRow, ListRows } from '../../ui/ListRow';
import { useHydrated } from '../../ui/useHydrated';
import { unwrap } from '../../app/actors/unwrap';
import { TextSkeleton } from '../../ui/Skeleton';

const RECENT = 5;

/** The last activities of the customer (or of one account), newest first, with a link to all of them. */
export function RecentActivities({ accountId }: { accountId?: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const locale = useLocale();
  const api = useApi(accountsApi);
  const live = useHydrated();
  const query = { limit: RECENT, ...(accountId ? { accountId } : {}) };
  const activities = useQuery({
    queryKey: ['activities', query],
    enabled: live,
    queryFn: async ({ signal }) => {
      return (await unwrap(api.listActivities(query, { retry: false, signal }))).items;
    },
  });
  const allPath = localize('/activities') + (accountId ? `?accountId=${accountId}` : '');
  return (
    <section aria-labelledby="recent-activities">
      <div className="section-head">
        <h2 id="recent-activities" className="section-title">
          {t('home.recent')}
        </h2>
        <Link to={allPath}>{t('home.allActivity')}</Link>
      </div>
      {activities.data ? (
        activities.data.length ? (
          <ListRows label={t('home.recent')}>
            {activities.data.map((activity) => (
              <ActivityRow
                key={activity.id}
                activity={activity}
                context={formatDate(new Date(activity.createdAt), locale, { dateStyle: 'medium' })}
                link={(content) => <Link to={allPath}>{content}</Link>}
              />
            ))}
          </ListRows>
        ) : (
          <EmptyState
            title={t('home.noActivity')}
            body={t('home.noActivityBody')}
            action={
              <Link className="button button--primary" to={localize('/inject/crypto')}>
                {t('home.actions.topUp')}
              </Link>
            }
          />
        )
      ) : activities.isError ? (
        <p className="form-alert" role="alert">
          {t('home.activityFailed')}{' '}
          <Button className="button--small" onClick={() => void activities.refetch()}>
            {t('balances.retry')}
          </Button>
        </p>
      ) : (
        <ListRows hidden>
          {[0, 1, 2].map((row) => (
            <ListRow key={row} label={<TextSkeleton />} />
          ))}
        </ListRows>
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Activity } from '../../../contract/activities';
import { useLocale, useLocalize, useSystem } from '../../app/context';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ListRow, ListRows } from '../../ui/ListRow';
import { Money } from '../../ui/Money';
import { useHydrated } from '../../ui/useHydrated';

const RECENT = 5;

/** The last activities of the customer (or of one account), newest first, with a link to all of them. */
export function RecentActivities({ accountId }: { accountId?: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { api } = useSystem();
  const live = useHydrated();
  const query = { limit: RECENT, ...(accountId ? { accountId } : {}) };
  const activities = useQuery({
    queryKey: ['activities', query],
    enabled: live,
    queryFn: async ({ signal }) => {
      const result = await api.listActivities(query, { retry: false, signal });
      if (!result.ok) throw result.error;
      return result.data.items;
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
              <ActivityLine key={activity.id} activity={activity} />
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
            <ListRow key={row} label={<span className="skeleton skeleton--text">&nbsp;</span>} />
          ))}
        </ListRows>
      )}
    </section>
  );
}

/** One activity: what it was and with whom, when, and the amount signed in words as well as by sign. */
function ActivityLine({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const incoming = !activity.amount.startsWith('-');
  return (
    <ListRow
      testId="recent-activity"
      label={t(`home.activityTypes.${activity.type}`)}
      hint={[activity.counterparty, formatDate(new Date(activity.createdAt), locale)].filter(Boolean)}
      end={
        <span className="account-amount">
          <Money amount={activity.amount} asset={activity.currency} />
          <span className="hint">{t(incoming ? 'home.incoming' : 'home.outgoing')}</span>
        </span>
      }
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { accountsApi } from '../../api/accounts';
import { useApi, useLocalize } from '../../app/context';
import { pageNotFound } from '../../routes/pageNotFound';
import { Button } from '../../ui/Button';
import { useHydrated } from '../../ui/useHydrated';
import { ActivityFacts } from '../shared/activities/ActivityFacts';
import { useAccountChoices } from '../shared/activities/useAccountChoices';
import { failureText } from '../../ui/failureText';
import { unwrap } from '../../app/actors/unwrap';
import { toFailure } from '../../../machines/parts/failure';

/**
 * /activities/:id: one of the customer's activities on a page of its own (a transfer's receipt links
 * here). Any id that is not theirs gets the 404, the same whether it exists or not.
 */
export function ActivityDetailScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { pathname } = useLocation();
  const id = useParams().id!;
  const api = useApi(accountsApi);
  const live = useHydrated();
  const accounts = useAccountChoices();
  const detail = useQuery({
    queryKey: ['activities', 'one', id],
    enabled: live,
    queryFn: async ({ signal }) => {
      return unwrap(api.getActivity(id, { retry: false, signal }));
    },
  });

  if (detail.error && toFailure(detail.error).status === 404) throw pageNotFound(pathname);
  if (detail.isError) {
    return (
      <p className="form-alert" role="alert">
        {failureText(t, 'errors', toFailure(detail.error))}{' '}
        <Button className="button--small" onClick={() => void detail.refetch()}>
          {t('activities.retry')}
        </Button>
      </p>
    );
  }
  const activity = detail.data;
  return (
    <section className="card stack" aria-busy={!activity || undefined} aria-label={t('screens.activityDetail.title')}>
      {activity ? (
        <>
          <ActivityFacts activity={activity} accounts={accounts} />
          <Link to={localize(`/activities?accountId=${activity.accountId}`)}>{t('screens.activityDetail.allOfAccount')}</Link>
        </>
      ) : (
        <p className="skeleton skeleton--text" aria-hidden="true">
          &nbsp;
        </p>
      )}
    </section>
  );
}

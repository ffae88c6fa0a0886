import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Invitee } from '../../../contract/invite';
import { profileApi } from '../../api/profile';
import { useApi, useLocalize } from '../../app/context';
import { formatDate, formatNumber } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ListRow, ListRows } from '../../ui/ListRow';
import { formatAmount } from '../../ui/money';
import { useUiLocale } from '../../ui/useUiLocale';
import { inviteDashboardQuery } from './inviteQuery';

/** How far one invitee got, as the furthest step reached. */
function stageOf(invitee: Invitee): 'rewarded' | 'verified' | 'signedUp' | 'invited' {
  if (invitee.rewardedAt) return 'rewarded';
  if (invitee.kycApproved) return 'verified';
  return invitee.emailVerified ? 'signedUp' : 'invited';
}

/** /profile/invite/dashboard: the totals (invited, signed up, verified, rewarded, earned) and who joined, e-mails masked. */
export function InviteDashboardScreen() {
  const { t } = useTranslation();
  const api = useApi(profileApi);
  const localize = useLocalize();
  const locale = useUiLocale();
  const dashboard = useQuery(inviteDashboardQuery(api));
  const totalsId = useId();
  const listId = useId();

  if (dashboard.isError) {
    return (
      <div className="stack">
        <p role="alert">{t('invite.loadFailed')}</p>
        <Button onClick={() => void dashboard.refetch()}>{t('invite.retry')}</Button>
      </div>
    );
  }
  if (!dashboard.data) return <div className="skeleton skeleton--block" aria-hidden="true" />;
  const { totals, invitees } = dashboard.data;
  const figures = [
    ['invited', totals.invited],
    ['signedUp', totals.signedUp],
    ['verified', totals.verified],
    ['rewarded', totals.rewarded],
  ] as const;

  return (
    <div className="stack">
      <p className="page-lead">{t('screens.profileInviteDashboard.lead')}</p>
      <section className="card stack" aria-labelledby={totalsId}>
        <h2 id={totalsId}>{t('invite.dashboard.totals')}</h2>
        <dl className="stat-grid" data-testid="invite-totals">
          {figures.map(([key, count]) => (
            <div key={key}>
              <dt>{t(`invite.dashboard.${key}`)}</dt>
              <dd>{formatNumber(count, locale)}</dd>
            </div>
          ))}
          <div>
            <dt>{t('invite.dashboard.earned')}</dt>
            <dd>{formatAmount(totals.earned, totals.asset, locale)}</dd>
          </div>
        </dl>
      </section>
      <section className="stack" aria-labelledby={listId}>
        <h2 id={listId}>{t('invite.dashboard.list')}</h2>
        {invitees.length === 0 ? (
          <EmptyState
            title={t('invite.dashboard.emptyTitle')}
            body={t('invite.dashboard.emptyBody')}
            action={
              <Link className="button button--primary" to={localize('/profile/invite')}>
                {t('invite.dashboard.emptyAction')}
              </Link>
            }
          />
        ) : (
          <ListRows>
            {invitees.map((invitee, index) => (
              <ListRow
                key={index}
                testId="invitee"
                label={<bdi dir="ltr">{invitee.email}</bdi>}
                hint={t('invite.dashboard.joined', { date: formatDate(new Date(invitee.joinedAt), locale) })}
                end={t(`invite.dashboard.status.${stageOf(invitee)}`)}
              />
            ))}
          </ListRows>
        )}
      </section>
    </div>
  );
}

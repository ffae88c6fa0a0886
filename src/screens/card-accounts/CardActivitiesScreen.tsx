import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '../../app/context';
import { safeStorage, STORAGE_KEYS } from '../../platform/storage';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';
import { ActivityFeed } from '../shared/activities/ActivityFeed';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/card-accounts/activities`: the activity list of the card account chosen on /card-accounts (kept on
 * the device). Without one chosen, the way to choose or open one.
 */
export function CardActivitiesScreen() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const stored = safeStorage('local')?.getItem(STORAGE_KEYS.selectedCardAccount) ?? null;
  const cardAccountId = stored && UUID.test(stored) ? stored.toLowerCase() : null;
  if (!cardAccountId) {
    return (
      <>
        <p className="page-lead">{t('screens.cardActivities.lead')}</p>
        <EmptyState
          icon={<Icon name="card" />}
          title={t('activities.card.noneTitle')}
          body={t('activities.card.noneBody')}
          action={
            <Link className="button button--primary" to={localize('/card-accounts')}>
              {t('activities.card.choose')}
            </Link>
          }
        />
      </>
    );
  }
  return <ActivityFeed accountId={cardAccountId} />;
}

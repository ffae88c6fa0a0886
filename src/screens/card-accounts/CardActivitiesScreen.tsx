import { useTranslation } from 'react-i18next';
import { ActivityFeed } from '../shared/activities/ActivityFeed';
import { NoCardAccount } from './NoCardAccount';
import { storedCardAccountId } from '../../app/selectedCardAccount';

/**
 * `/card-accounts/activities`: the activity list of the card account chosen on /card-accounts (kept on
 * the device). Without one chosen, the way to choose or open one.
 */
export function CardActivitiesScreen() {
  const { t } = useTranslation();
  const cardAccountId = storedCardAccountId();
  if (!cardAccountId) {
    return (
      <>
        <p className="page-lead">{t('screens.cardActivities.lead')}</p>
        <NoCardAccount body={t('activities.card.noneBody')} />
      </>
    );
  }
  return <ActivityFeed accountId={cardAccountId} />;
}

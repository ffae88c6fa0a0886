import { useTranslation } from 'react-i18next';
import type { Activity } from '../../../../contract/activities';
import { Sheet } from '../../../ui/Sheet';
import { ActivityFacts } from './ActivityFacts';
import type { AccountChoice } from './useAccountChoices';

/** One activity of the list in full, over it. */
export function ActivitySheet({
  activity,
  accounts,
  onClose,
}: {
  activity: Activity | null;
  accounts: AccountChoice[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Sheet
      open={activity !== null}
      onClose={onClose}
      title={activity ? activity.counterparty ? <bdi>{activity.counterparty}</bdi> : t(`activities.type.${activity.type}`) : ''}
    >
      {activity ? <ActivityFacts activity={activity} accounts={accounts} /> : null}
    </Sheet>
  );
}

import { useTranslation } from 'react-i18next';
import type { Activity } from '../../../../contract/activities';
import { useCounterparty } from '../../../ui/ActivityRow';
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
  const counterparty = useCounterparty(activity);
  return (
    <Sheet open={activity !== null} onClose={onClose} title={activity ? (counterparty ?? t(`activities.type.${activity.type}`)) : ''}>
      {activity ? <ActivityFacts activity={activity} accounts={accounts} /> : null}
    </Sheet>
  );
}

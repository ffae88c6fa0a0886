import type { Activity } from '../../../../contract/activities';
import { useActivityTitle } from '../../../ui/ActivityRow';
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
  const title = useActivityTitle(activity);
  return (
    <Sheet open={activity !== null} onClose={onClose} title={title ?? ''}>
      {activity ? <ActivityFacts activity={activity} accounts={accounts} /> : null}
    </Sheet>
  );
}

import { useSearchParams } from 'react-router';
import { ActivityFeed } from '../shared/activities/ActivityFeed';
import { StatementButton } from './StatementButton';

/** `/activities`: every movement on the customer's accounts, searched and filtered through the URL. */
export function ActivitiesScreen() {
  // A statement starts from the account the list is filtered to, if any.
  const [params] = useSearchParams();
  return <ActivityFeed actions={<StatementButton accountId={params.get('accountId') ?? undefined} />} />;
}

import { ActivityFeed } from '../shared/activities/ActivityFeed';

/** `/activities`: every movement on the customer's accounts, searched and filtered through the URL. */
export function ActivitiesScreen() {
  return <ActivityFeed />;
}

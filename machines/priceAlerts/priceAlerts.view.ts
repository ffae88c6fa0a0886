import type { SnapshotFrom } from 'xstate';
import { priceAlertProblem, type priceAlertsMachine } from './priceAlerts.machine';

/** What /alerts shows: the form as typed with its field's problem, the removal asked about, the last outcome where it belongs. */
export function priceAlertsView(snapshot: SnapshotFrom<typeof priceAlertsMachine>) {
  const { draft, attempted, action, alertId, done, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return {
    draft,
    /** Said as soon as something is typed, and for an empty figure once the customer tried to create. */
    problem: draft.text !== '' || attempted ? priceAlertProblem(draft) : null,
    busy,
    creating: busy && action === 'create',
    /** The alert the confirmation sheet is about; null while it is closed. */
    confirmingId: snapshot.hasTag('confirming') ? alertId : null,
    removingId: busy && action === 'remove' ? alertId : null,
    created: action === 'create' && done,
    createFailure: action === 'create' ? failure : null,
    removed: action === 'remove' && done,
    removeFailure: action === 'remove' ? failure : null,
  };
}

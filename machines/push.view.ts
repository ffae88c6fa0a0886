import type { SnapshotFrom } from 'xstate';
import type { pushMachine } from './push.machine';

/** Which of the page's panels shows. */
export type PushPanel = 'explaining' | 'enabled' | 'blocked' | 'failed';

const OUTCOMES = ['enabled', 'blocked', 'failed'] as const;

/** What /onboarding/push-notifications shows. */
export function pushView(snapshot: SnapshotFrom<typeof pushMachine>) {
  const panel: PushPanel = OUTCOMES.find((tag) => snapshot.hasTag(tag)) ?? 'explaining';
  return {
    loading: snapshot.hasTag('loading'),
    busy: snapshot.hasTag('busy'),
    /** Over (finished, skipped, or no push here): the screen goes home. */
    finished: snapshot.status === 'done',
    panel,
    failure: snapshot.context.failure,
  };
}

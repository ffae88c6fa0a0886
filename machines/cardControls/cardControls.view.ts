import type { SnapshotFrom } from 'xstate';
import type { cardControlsMachine } from './cardControls.machine';

/** What the card's panel shows, read through tags: never by state names. */
export function cardControlsView(snapshot: SnapshotFrom<typeof cardControlsMachine>) {
  return {
    card: snapshot.context.card,
    busy: snapshot.hasTag('busy'),
    secrets: snapshot.hasTag('revealed') ? snapshot.context.secrets : null,
    failure: snapshot.context.failure,
  };
}

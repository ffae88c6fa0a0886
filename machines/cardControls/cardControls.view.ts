import type { SnapshotFrom } from 'xstate';
import type { CardControlsBody } from '../../contract/cards';
import type { Send } from '../parts/connect';
import type { cardControlsMachine } from './cardControls.machine';

type CardControls = typeof cardControlsMachine;

/** What the card's panel shows, read through tags (never by state names), and its intents. */
export function connectCardControls(snapshot: SnapshotFrom<CardControls>, send: Send<CardControls>) {
  return {
    card: snapshot.context.card,
    busy: snapshot.hasTag('busy'),
    secrets: snapshot.hasTag('revealed') ? snapshot.context.secrets : null,
    failure: snapshot.context.failure,
    toggleFreeze: () => send({ type: 'FREEZE_TOGGLED' }),
    reveal: () => send({ type: 'REVEAL_REQUESTED' }),
    hide: () => send({ type: 'HIDE_REQUESTED' }),
    saveControls: (controls: CardControlsBody) => send({ type: 'CONTROLS_SUBMITTED', controls }),
  };
}

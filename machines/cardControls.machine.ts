import { assign, setup } from 'xstate';
import type { Card, CardControlsBody, CardSecrets } from '../contract/cards';
import { toFailure, type Failure } from './failure';
import { stepUpMachine } from './stepUp.machine';
import { unprovided } from './unprovided';

export interface CardControlsInput {
  card: Card;
}

interface Context {
  card: Card;
  /** The full number and CVV while they are shown; cleared when hidden (never kept longer). */
  secrets: CardSecrets | null;
  failure: Failure | null;
}

type Event =
  | { type: 'FREEZE_TOGGLED' }
  | { type: 'REVEAL_REQUESTED' }
  | { type: 'HIDE_REQUESTED' }
  | { type: 'CONTROLS_SUBMITTED'; controls: CardControlsBody };

/**
 * One card's controls on /card-accounts/cards: freeze and unfreeze, change the limits and the online and
 * contactless switches, and reveal the full number and CVV — after the one step-up (`card.reveal`), shown
 * for 30 seconds and then hidden again (the secrets leave the context with the state).
 */
export const cardControlsMachine = setup({
  types: { input: {} as CardControlsInput, context: {} as Context, events: {} as Event },
  actors: {
    setFrozen: unprovided<Card, { cardId: string; frozen: boolean }>('setFrozen'),
    updateControls: unprovided<Card, { cardId: string; controls: CardControlsBody }>('updateControls'),
    stepUp: stepUpMachine,
    revealCard: unprovided<CardSecrets, { cardId: string }>('revealCard'),
  },
  guards: {
    stepUpGranted: ({ event }) => 'output' in event && (event.output as { granted: boolean }).granted,
    stepUpExpired: ({ event }) => 'error' in event && toFailure(event.error).code === 'step_up_required',
  },
  actions: {
    failed: assign({ failure: ({ event }) => toFailure((event as { error?: unknown }).error) }),
    cardChanged: assign({ card: ({ event }) => (event as unknown as { output: Card }).output, failure: null }),
    forgetSecrets: assign({ secrets: null }),
  },
  delays: { REVEAL_VISIBLE: 30_000 },
}).createMachine({
  id: 'cardControls',
  context: ({ input }) => ({ card: input.card, secrets: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The card with its controls; the number masked.',
      tags: ['ready'],
      on: {
        FREEZE_TOGGLED: { target: 'changingFreeze', actions: assign({ failure: null }) },
        CONTROLS_SUBMITTED: { target: 'savingControls', actions: assign({ failure: null }) },
        REVEAL_REQUESTED: { target: 'steppingUpToReveal', actions: assign({ failure: null }) },
      },
    },
    changingFreeze: {
      description: 'POST /cards/:id/freeze or /unfreeze: the opposite of what the card is.',
      tags: ['busy'],
      invoke: {
        id: 'setFrozen',
        src: 'setFrozen',
        input: ({ context }) => ({ cardId: context.card.id, frozen: !context.card.frozen }),
        onDone: { target: 'idle', actions: 'cardChanged' },
        onError: { target: 'idle', actions: 'failed' },
      },
    },
    savingControls: {
      description: 'POST /cards/:id/controls with the changed limits or switches.',
      tags: ['busy'],
      invoke: {
        id: 'updateControls',
        src: 'updateControls',
        input: ({ context, event }) => ({
          cardId: context.card.id,
          controls: (event as Extract<Event, { type: 'CONTROLS_SUBMITTED' }>).controls,
        }),
        onDone: { target: 'idle', actions: 'cardChanged' },
        onError: { target: 'idle', actions: 'failed' },
      },
    },
    steppingUpToReveal: {
      description: 'The one step-up for `card.reveal`; closed, nothing is shown.',
      tags: ['busy'],
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'card.reveal' },
        onDone: [{ guard: 'stepUpGranted', target: 'revealing' }, { target: 'idle' }],
      },
    },
    revealing: {
      description: 'POST /cards/:id/reveal, which spends the grant; its answer is never cached.',
      tags: ['busy'],
      invoke: {
        id: 'revealCard',
        src: 'revealCard',
        input: ({ context }) => ({ cardId: context.card.id }),
        onDone: { target: 'revealed', actions: assign({ secrets: ({ event }) => event.output }) },
        onError: [
          // The grant ran out between the sheet and the call: ask again rather than fail.
          { guard: 'stepUpExpired', target: 'steppingUpToReveal' },
          { target: 'idle', actions: 'failed' },
        ],
      },
    },
    revealed: {
      description: 'The full number, expiry and CVV are shown for 30 seconds, or until hidden.',
      tags: ['ready', 'revealed'],
      exit: 'forgetSecrets',
      after: { REVEAL_VISIBLE: { target: 'idle' } },
      on: {
        HIDE_REQUESTED: { target: 'idle' },
        FREEZE_TOGGLED: { target: 'changingFreeze', actions: assign({ failure: null }) },
      },
    },
  },
});

import { assign, setup } from 'xstate';
import type { Card, CardControlsBody, CardSecrets } from '../../contract/cards';
import { toFailure, type Failure } from '../parts/failure';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { unprovided } from '../parts/unprovided';

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
  description: 'One card’s controls: freeze it, change its limits and switches, and reveal its details after a step-up.',
  context: ({ input }) => ({ card: input.card, secrets: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The card with its controls; the number masked.',
      tags: ['ready'],
      on: {
        FREEZE_TOGGLED: {
          target: 'changingFreeze',
          description: 'The customer froze or unfroze the card.',
          actions: assign({ failure: null }),
        },
        CONTROLS_SUBMITTED: {
          target: 'savingControls',
          description: 'The customer saved new limits or switches.',
          actions: assign({ failure: null }),
        },
        REVEAL_REQUESTED: {
          target: 'steppingUpToReveal',
          description: 'The customer asked to see the full card details: they confirm it is them first.',
          actions: assign({ failure: null }),
        },
      },
    },
    changingFreeze: {
      description: 'Waiting while the server freezes the card, or unfreezes it if it was frozen.',
      tags: ['busy'],
      invoke: {
        id: 'setFrozen',
        src: 'setFrozen',
        input: ({ context }) => ({ cardId: context.card.id, frozen: !context.card.frozen }),
        onDone: { target: 'idle', description: 'The card changed: it shows frozen or unfrozen.', actions: 'cardChanged' },
        onError: {
          target: 'idle',
          description: 'The change was refused (offline): the card stays as it was and the page says why.',
          actions: 'failed',
        },
      },
    },
    savingControls: {
      description: 'Waiting while the server saves the changed limits or switches.',
      tags: ['busy'],
      invoke: {
        id: 'updateControls',
        src: 'updateControls',
        input: ({ context, event }) => ({
          cardId: context.card.id,
          controls: (event as Extract<Event, { type: 'CONTROLS_SUBMITTED' }>).controls,
        }),
        onDone: { target: 'idle', description: 'The new limits or switches were saved and show.', actions: 'cardChanged' },
        onError: { target: 'idle', description: 'The controls were refused (offline, over a cap): the page says why.', actions: 'failed' },
      },
    },
    steppingUpToReveal: {
      description: 'The one step-up for `card.reveal`; closed, nothing is shown.',
      tags: ['busy'],
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'card.reveal' },
        onDone: [
          { guard: 'stepUpGranted', target: 'revealing', description: 'The customer confirmed it is them: the details are asked for.' },
          { target: 'idle', description: 'The step-up was left: nothing is shown.' },
        ],
      },
    },
    revealing: {
      description: "Waiting for the card's full number and code (this uses up the confirmation); they are never kept.",
      tags: ['busy'],
      invoke: {
        id: 'revealCard',
        src: 'revealCard',
        input: ({ context }) => ({ cardId: context.card.id }),
        onDone: {
          target: 'revealed',
          description: 'The details arrived: number, expiry and CVV show for 30 seconds.',
          actions: assign({ secrets: ({ event }) => event.output }),
        },
        onError: [
          // The grant ran out between the sheet and the call: ask again rather than fail.
          {
            guard: 'stepUpExpired',
            target: 'steppingUpToReveal',
            description: 'The step-up ran out before the reveal: the customer confirms it is them again.',
          },
          {
            target: 'idle',
            description: 'The details could not be had (offline): the page says why, the number stays masked.',
            actions: 'failed',
          },
        ],
      },
    },
    revealed: {
      description: 'The full number, expiry and CVV are shown for 30 seconds, or until hidden.',
      tags: ['ready', 'revealed'],
      exit: 'forgetSecrets',
      after: { REVEAL_VISIBLE: { target: 'idle', description: 'Thirty seconds passed: the details hide again and leave memory.' } },
      on: {
        HIDE_REQUESTED: { target: 'idle', description: 'The customer hid the details: the number is masked again.' },
        FREEZE_TOGGLED: {
          target: 'changingFreeze',
          description: 'The customer froze or unfroze the card: the details hide.',
          actions: assign({ failure: null }),
        },
      },
    },
  },
});

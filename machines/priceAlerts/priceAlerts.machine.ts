import { assign, setup } from 'xstate';
import type { CryptoAsset } from '../../contract/assetList';
import {
  createPriceAlertBodySchema,
  PRICE_ALERTS_MAX,
  type CreatePriceAlertBody,
  type PriceAlert,
  type PriceAlertKind,
  type PriceAlerts,
} from '../../contract/priceAlerts';
import { isDecimal } from '../../contract/decimal';
import { toFailure, type Failure } from '../parts/failure';
import type { SubmitIntent } from '../parts/idempotentSubmit';
import { unprovided } from '../parts/unprovided';

/** The alert being written, as typed: `text` as the field shows it, `value` the decimal read from it (or the text when it reads as none). */
export interface PriceAlertDraft {
  asset: CryptoAsset;
  kind: PriceAlertKind;
  text: string;
  value: string;
}

/** What is wrong with the typed figure: a price must be a positive US-dollar amount, a percent within the contract's bounds. */
export type PriceAlertProblem = 'price_invalid' | 'percent_invalid';

interface Context {
  draft: PriceAlertDraft;
  /** The customer tried to create with the figure wrong or empty: the field says why even when empty. */
  attempted: boolean;
  /** The last action: a new alert, or the removal of `alertId` (asked for, under way or done). */
  action: 'create' | 'remove' | null;
  alertId: string | null;
  done: boolean;
  failure: Failure | null;
}

/** The asset the page was opened for (an account's "Set a price alert"); else the form starts on Bitcoin. */
export interface PriceAlertsInput {
  asset?: CryptoAsset;
}

type Event =
  | { type: 'ASSET_CHOSEN'; asset: CryptoAsset }
  | { type: 'KIND_CHOSEN'; kind: PriceAlertKind }
  | { type: 'VALUE_CHANGED'; text: string; value: string }
  | { type: 'SUBMITTED'; alertCount: number }
  | { type: 'REMOVE_REQUESTED'; alertId: string }
  | { type: 'REMOVE_CONFIRMED' }
  | { type: 'REMOVE_CANCELLED' };

/** The body of the alert typed, as the server validates it; null while the figure is not one. */
export function priceAlertBody({ asset, kind, value }: PriceAlertDraft): CreatePriceAlertBody | null {
  // The percent's bounds compare decimals, which throws on anything else: letters are simply no figure.
  if (!isDecimal(value)) return null;
  const body = kind === 'move' ? { kind, asset, percent: value } : { kind, asset, price: value };
  const parsed = createPriceAlertBodySchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** Why the typed figure cannot make an alert, judged at each keystroke with the contract's own schema. */
export function priceAlertProblem(draft: PriceAlertDraft): PriceAlertProblem | null {
  if (priceAlertBody(draft)) return null;
  return draft.kind === 'move' ? 'percent_invalid' : 'price_invalid';
}

const EMPTY_DRAFT: PriceAlertDraft = { asset: 'BTC', kind: 'above', text: '', value: '' };
const failed = (event: unknown) => toFailure((event as { error?: unknown }).error);
/** An edit of the form starts a new attempt: the last outcome is no longer news. */
const edited = { done: false, failure: null, action: null } as const;

/**
 * /alerts: the customer's price alerts — "tell me when BTC is above / below a price, or moves more than a
 * percent in 24 hours". The form judges the figure as typed with the contract's schema and refuses a new
 * alert beyond the limit before asking; a refusal or a lost answer keeps what was typed. Removing one asks
 * first. The list is read by the page, fresh after each change; the server's job fires and re-arms them.
 */
export const priceAlertsMachine = setup({
  types: { input: {} as PriceAlertsInput | undefined, context: {} as Context, events: {} as Event, tags: {} as 'busy' | 'confirming' },
  actors: {
    /** POST /price-alerts, once per alert as typed (`idempotentSubmit`, the body is the intent). */
    createPriceAlert: unprovided<PriceAlert, { body: CreatePriceAlertBody } & SubmitIntent>('createPriceAlert'),
    /** DELETE /price-alerts/:id. */
    removePriceAlert: unprovided<PriceAlerts, { id: string }>('removePriceAlert'),
  },
  guards: {
    figureInvalid: ({ context }) => priceAlertBody(context.draft) === null,
    atAlertLimit: ({ event }) => event.type === 'SUBMITTED' && event.alertCount >= PRICE_ALERTS_MAX,
  },
  actions: {
    succeeded: assign({ done: true }),
    failed: assign({ failure: ({ event }) => failed(event) }),
  },
}).createMachine({
  id: 'priceAlerts',
  description:
    'Price alerts: create one (above or below a US-dollar price, or a move of more than a percent in 24 hours) within the limit, or remove one after a confirmation.',
  context: ({ input }) => ({
    draft: { ...EMPTY_DRAFT, asset: input?.asset ?? EMPTY_DRAFT.asset },
    attempted: false,
    action: null,
    alertId: null,
    done: false,
    failure: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      description:
        'The form with the current price, and the alerts (watching or fired), with the last action’s outcome or why it was refused.',
      meta: { route: '/alerts' },
      on: {
        ASSET_CHOSEN: {
          description: 'Another crypto asset: the current price beside the form follows it.',
          actions: assign(({ context, event }) => ({ ...edited, draft: { ...context.draft, asset: event.asset } })),
        },
        KIND_CHOSEN: {
          description: 'Above, below or a move: the figure is judged again as a price or a percent.',
          actions: assign(({ context, event }) => ({ ...edited, draft: { ...context.draft, kind: event.kind } })),
        },
        VALUE_CHANGED: {
          description: 'The price or the percent as typed, judged at once.',
          actions: assign(({ context, event }) => ({ ...edited, draft: { ...context.draft, text: event.text, value: event.value } })),
        },
        SUBMITTED: [
          {
            guard: 'figureInvalid',
            description: 'The figure is not a price or a percent within the bounds: the field says why, nothing is sent.',
            actions: assign({ ...edited, action: 'create', attempted: true }),
          },
          {
            guard: 'atAlertLimit',
            description: 'The customer has as many alerts as allowed: said at once, nothing is sent.',
            actions: assign({ ...edited, action: 'create', failure: { code: 'price_alerts_full' } }),
          },
          {
            target: 'creating',
            description: 'The alert is complete: it goes to the server.',
            actions: assign({ ...edited, action: 'create' }),
          },
        ],
        REMOVE_REQUESTED: {
          target: 'confirmingRemoval',
          description: 'The customer asks to remove an alert: asked to confirm first.',
          actions: assign(({ event }) => ({ ...edited, action: 'remove' as const, alertId: event.alertId })),
        },
      },
    },
    creating: {
      tags: ['busy'],
      description: 'Waiting while the server saves the alert; a second press sends nothing, a retry of the same alert the same key.',
      invoke: {
        id: 'createPriceAlert',
        src: 'createPriceAlert',
        input: ({ context }) => {
          const body = priceAlertBody(context.draft)!;
          return { body, intent: JSON.stringify(body) };
        },
        onDone: {
          target: 'ready',
          description: 'Saved: the list shows it watching, the figure is cleared for the next one.',
          actions: ['succeeded', assign(({ context }) => ({ attempted: false, draft: { ...context.draft, text: '', value: '' } }))],
        },
        onError: {
          target: 'ready',
          description: 'Refused (the limit reached meanwhile) or no answer: the form says why and keeps what was typed.',
          actions: 'failed',
        },
      },
    },
    confirmingRemoval: {
      tags: ['confirming'],
      description: 'The sheet asks whether to remove the alert.',
      on: {
        REMOVE_CONFIRMED: { target: 'removing', description: 'Confirmed: the alert is removed.' },
        REMOVE_CANCELLED: {
          target: 'ready',
          description: 'Kept: nothing is sent.',
          actions: assign({ action: null, alertId: null }),
        },
      },
    },
    removing: {
      tags: ['busy'],
      description: 'Waiting while the server removes the alert.',
      invoke: {
        id: 'removePriceAlert',
        src: 'removePriceAlert',
        input: ({ context }) => ({ id: context.alertId! }),
        onDone: { target: 'ready', description: 'Removed: it leaves the list, which says so.', actions: 'succeeded' },
        onError: {
          target: 'ready',
          description: 'Refused (already gone) or no answer: the list says why.',
          actions: 'failed',
        },
      },
    },
  },
});

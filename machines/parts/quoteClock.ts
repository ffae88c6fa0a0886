import { fromCallback } from 'xstate';

/**
 * The clock of a held quote (transfer, payment by link): the seconds the server says it stays firm are
 * counted down in the context one second at a time — so a view reads them like any other value — and when
 * they run out a fresh quote is asked for, never the old one reused (the server would refuse it anyway).
 * Offline (the app's `offline` state, told by the invoked `watchConnection`) a quote that runs out waits
 * for the connection instead: asking could only fail, and the fresh one is asked for once it is back.
 *
 * A machine using it keeps `QuoteClock` in its context and declares, in `setup()`: the delay
 * `QUOTE_TICK` (`QUOTE_TICK_MS`), the actor `watchConnection` (invoked at its root), the guards
 * `quoteRunOut` and `quoteRunOutOffline` and the actions `quoteTicked`, `quoteRefreshed`, `quoteWaitStarted`,
 * `wentOffline` and `wentOnline`, each implemented by the export of the same name below (actions for `assign()`); its
 * root takes `connectionFollowed` as its `on`; the state holding the quote takes `quoteTicking(itself)`
 * as its `after` and `[quoteWaiting(waiting state), quoteRefreshing(quoting state)]` as its `always`, and
 * the waiting state `quoteWaitingForConnection(quoting state)`'s fields.
 */
export interface QuoteClock {
  /** Seconds the quote still holds. */
  secondsLeft: number;
  /** The quote ran out (here, or by the server's clock) and this one replaced it. */
  refreshed: boolean;
  /** The app is offline: a quote that runs out waits for the connection. */
  offline: boolean;
}

/** What `watchConnection` sends: the app's connection changed (and, at the start, that it is offline). */
export type ConnectionEvent = { type: 'CONNECTION_LOST' } | { type: 'CONNECTION_BACK' };

/** The actor following the app's connection, for `setup()`; the app provides it (it only sends events). */
export const watchConnection = fromCallback<ConnectionEvent>(() => {
  throw new Error('The actor "watchConnection" must be provided by the app');
});

export const QUOTE_TICK_MS = 1000;

type Args = { context: QuoteClock };

/** Guard: no second left. */
export const quoteRunOut = ({ context }: Args) => context.secondsLeft <= 0;

/** Guard: no second left, and no connection to ask for a fresh quote with. */
export const quoteRunOutOffline = ({ context }: Args) => context.secondsLeft <= 0 && context.offline;

/** Guard: the app is online; offline a payment would start a step-up and a request that can only fail. */
export const online = ({ context }: Args) => !context.offline;

/** Context updates, for `assign()`: the connection as the app sees it. */
export const wentOffline = () => ({ offline: true });
/** Context update, for `assign()`: the waiting quote is not (yet) a refreshed one. */
export const quoteWaitStarted = () => ({ refreshed: false });
export const wentOnline = () => ({ offline: false });

/** The machine root's `on`: the connection is followed whatever the step. */
export const connectionFollowed = {
  CONNECTION_LOST: { actions: 'wentOffline', description: 'The device went offline: a quote that runs out now waits for the connection.' },
  CONNECTION_BACK: { actions: 'wentOnline', description: 'The device is back online: quotes can be asked for again.' },
} as const;

/** Context update, for `assign()`: one second less. */
export const quoteTicked = ({ context }: Args) => ({ secondsLeft: context.secondsLeft - 1 });

/** Context update, for `assign()`: the quote ran out and is being replaced. */
export const quoteRefreshed = () => ({ refreshed: true });

/** The seconds of a fresh quote. */
export const quoteSeconds = (quote: { firmForSeconds: number }) => ({ secondsLeft: quote.firmForSeconds });

/** The ticking state's `after`: one second, re-entering `self` so the next second starts. */
export function quoteTicking<const TSelf extends string>(self: TSelf) {
  return {
    QUOTE_TICK: {
      target: self,
      reenter: true,
      actions: 'quoteTicked',
      description: 'A second passed: the countdown on the screen shows one less.',
    },
  } as const;
}

/** The quote state's first `always`: out of seconds offline, the quote waits for the connection. */
export function quoteWaiting<const TWaiting extends string>(waiting: TWaiting) {
  return {
    guard: 'quoteRunOutOffline',
    target: waiting,
    actions: 'quoteWaitStarted',
    description: 'The quote ran out offline: it waits for the connection rather than asking in vain.',
  } as const;
}

/** The waiting state: the connection's return asks for the fresh quote (`refreshed` tells the screen why). */
export function quoteWaitingForConnection<const TQuoting extends string>(quoting: TQuoting) {
  return {
    tags: ['waitingForConnection'],
    description: 'The quote ran out while offline: the screen says it waits for the connection; nothing can be confirmed.',
    on: {
      CONNECTION_BACK: {
        target: quoting,
        actions: ['wentOnline', 'quoteRefreshed'],
        description: 'Back online: a fresh quote is asked for.',
      },
    },
  } as const;
}

/** The quote state's `always`: out of seconds, a fresh quote is asked for (`refreshed` tells the screen why). */
export function quoteRefreshing<const TQuoting extends string>(quoting: TQuoting) {
  return {
    guard: 'quoteRunOut',
    target: quoting,
    actions: 'quoteRefreshed',
    description: 'The quote ran out: a fresh one is asked for, never the old one reused.',
  } as const;
}

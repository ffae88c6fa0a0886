/**
 * The clock of a held quote (transfer, payment by link): the seconds the server says it stays firm are
 * counted down in the context one second at a time — so a view reads them like any other value — and when
 * they run out a fresh quote is asked for, never the old one reused (the server would refuse it anyway).
 *
 * A machine using it keeps `QuoteClock` in its context and declares, in `setup()`: the delay
 * `QUOTE_TICK` (`QUOTE_TICK_MS`), the guard `quoteRunOut` and the actions `quoteTicked` and
 * `quoteRefreshed`, each implemented by the export of the same name below (actions for `assign()`); the state holding the quote takes `quoteTicking(itself)` as its
 * `after` and `quoteRefreshing(quoting state)` as its `always`.
 */
export interface QuoteClock {
  /** Seconds the quote still holds. */
  secondsLeft: number;
  /** The quote ran out (here, or by the server's clock) and this one replaced it. */
  refreshed: boolean;
}

export const QUOTE_TICK_MS = 1000;

type Args = { context: QuoteClock };

/** Guard: no second left. */
export const quoteRunOut = ({ context }: Args) => context.secondsLeft <= 0;

/** Context update, for `assign()`: one second less. */
export const quoteTicked = ({ context }: Args) => ({ secondsLeft: context.secondsLeft - 1 });

/** Context update, for `assign()`: the quote ran out and is being replaced. */
export const quoteRefreshed = () => ({ refreshed: true });

/** The seconds of a fresh quote. */
export const quoteSeconds = (quote: { firmForSeconds: number }) => ({ secondsLeft: quote.firmForSeconds });

/** The ticking state's `after`: one second, re-entering `self` so the next second starts. */
export function quoteTicking<const TSelf extends string>(self: TSelf) {
  return { QUOTE_TICK: { target: self, reenter: true, actions: 'quoteTicked', description: 'One second less.' } } as const;
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

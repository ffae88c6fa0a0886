import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { balancesMachine } from './balances.machine';

type Balances = typeof balancesMachine;

/** What a screen shows of the balances, and what it may ask of them. */
export function connectBalances(snapshot: SnapshotFrom<Balances>, send: Send<Balances>) {
  const { summary, error, hidden, savedAt } = snapshot.context;
  const fetching = snapshot.hasTag('loading');
  return {
    summary,
    /** No figures yet and a fetch under way: skeletons in the final layout. */
    loading: summary === null && error === null && snapshot.hasTag('polling'),
    /** A fetch under way (the first, a poll or a retry). */
    fetching,
    /** Why the last fetch failed; the figures shown (if any) are the last ones fetched. */
    error,
    /** The figures shown are an earlier visit's, fetched at this time (ms): old, and said so. */
    savedAt,
    hidden,
    /** Fetch now (and start the interval again). */
    refresh: () => send({ type: 'BALANCES_REFRESH' }),
    toggleHidden: () => send({ type: 'HIDE_BALANCES_TOGGLED' }),
  };
}

export type BalancesView = ReturnType<typeof connectBalances>;

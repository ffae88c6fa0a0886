import type { SnapshotFrom } from 'xstate';
import type { balancesMachine } from './balances.machine';

/** What a screen shows of the balances. */
export function balancesView(snapshot: SnapshotFrom<typeof balancesMachine>) {
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
  };
}

export type BalancesView = ReturnType<typeof balancesView>;

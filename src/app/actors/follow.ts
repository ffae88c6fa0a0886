import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { FollowMachine } from '../../../machines/follow/follow.machine';
import { readSessionCookies } from '../../platform/cookies';
import { pollAsk } from './poll';

/**
 * A use of the follow machine (machines/follow/follow.machine.ts) over a query the screen reads: each poll reads the
 * query afresh, so the screen's `useQuery` shows the answer, and a write that invalidates the query (a
 * cancelled request) is shown at once as before. A read of the customer's own data sends nothing while a
 * session cookie is gone (`pollAsk`); a public one (`session: 'none'`, a link open to anyone) needs none.
 */
export function followQuery<Input, Answer, Failed, Key extends QueryKey>(
  queryClient: QueryClient,
  query: (input: Input) => FetchQueryOptions<Answer, Failed, Answer, Key>,
  { session = 'required', cookies = readSessionCookies }: { session?: 'required' | 'none'; cookies?: typeof readSessionCookies } = {},
) {
  const read = (input: Input) => queryClient.fetchQuery({ ...query(input), staleTime: 0 });
  return {
    actors: { read: session === 'required' ? pollAsk(read, cookies) : fromPromise<Answer, Input>(({ input }) => read(input)) },
  } satisfies Parameters<FollowMachine<Input, Answer>['provide']>[0];
}

import { fromPromise } from 'xstate';
import { TERMS_VERSION } from '../../../contract/terms';
import type { acceptTermsMachine } from '../../../machines/acceptTerms/acceptTerms.machine';
import type { Api } from '../../api/endpoints';
import { meQuery } from '../me';
import type { QueryClient } from '@tanstack/react-query';
import { unwrap } from './unwrap';

/** Accepts the version in force; the answer is the customer's profile, which every screen then reads. */
export function acceptTermsActors(api: Api, queryClient: QueryClient) {
  return {
    actors: {
      acceptTerms: fromPromise(async () => {
        const me = await unwrap(api.acceptTerms({ version: TERMS_VERSION }));
        queryClient.setQueryData(meQuery(api).queryKey, me);
      }),
    },
  } satisfies Parameters<typeof acceptTermsMachine.provide>[0];
}

import { queryOptions } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { paymentsApi } from '../../api/payments';
import type { payLinkMachine } from '../../../machines/payLink/payLink.machine';
import { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import type { FlowHost } from './host';
import { stepUpActors } from './stepUp';
import { unwrap } from './unwrap';

/** The customer's requests, as the list under the form reads them. */
export const PAY_LINKS_QUERY = ['pay-links'] as const;

/** GET /pay-links: read by the list, and again at every poll of the `payLinkList` follow. */
export function payLinksQuery(api: ReturnType<typeof paymentsApi>) {
  return queryOptions({ queryKey: PAY_LINKS_QUERY, queryFn: ({ signal }) => unwrap(api.listPayLinks({ retry: false, signal })) });
}

/** Asking to be paid on /pay: the step-up, creating and cancelling requests (the list is read again after each). */
export function payLinkActors({ client, queryClient }: FlowHost) {
  const api = paymentsApi(client);
  const changed = () => void queryClient.invalidateQueries({ queryKey: PAY_LINKS_QUERY });
  return {
    actors: {
      stepUp: stepUpMachine.provide(stepUpActors({ client })),
      createPayLink: fromPromise(async ({ input }) => {
        const created = await unwrap(api.createPayLink(input));
        changed();
        return created;
      }),
      cancelPayLink: fromPromise(async ({ input }) => {
        const cancelled = await unwrap(api.cancelPayLink(input.hash));
        changed();
        return cancelled;
      }),
    },
  } satisfies Parameters<typeof payLinkMachine.provide>[0];
}

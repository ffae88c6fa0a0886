import { fromPromise } from 'xstate';
import type { decideKycMachine } from '../../../machines/decideKyc.machine';
import { simulateApi } from '../../api/simulate';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/** The admin page's reads, which its writes refresh. */
export const ADMIN_QUERIES = {
  customers: ['simulate', 'admin', 'customers'],
  audit: ['simulate', 'admin', 'audit'],
  outbox: ['simulate', 'admin', 'outbox'],
  kycQueue: ['simulate', 'admin', 'kyc'],
} as const;

/** A decision on an identity check: the queue drops it, the customer's status and the audit log show it. */
export function decideKycActors({ client, queryClient }: FlowHost) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input } }) => {
        const decided = await unwrap(simulateApi(client).decideKyc(input.userId, input.body));
        const { kycQueue, customers, audit } = ADMIN_QUERIES;
        await Promise.all([kycQueue, customers, audit].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        return decided;
      }),
    },
  } satisfies Parameters<typeof decideKycMachine.provide>[0];
}

import { fromPromise } from 'xstate';
import { paymentsApi } from '../../api/payments';
import type { depositLinkMachine } from '../../../machines/depositLink.machine';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/** The deposit link block's one call. */
export function depositLinkActors({ client }: FlowHost) {
  const api = paymentsApi(client);
  return {
    actors: {
      createDepositLink: fromPromise(({ input }) => unwrap(api.createDepositLink(input))),
    },
  } satisfies Parameters<typeof depositLinkMachine.provide>[0];
}

import { queryOptions } from '@tanstack/react-query';
import type { DepositLink } from '../../../contract/depositLinks';
import type { Failure } from '../../../machines/parts/failure';
import { fromPromise } from 'xstate';
import { paymentsApi } from '../../api/payments';
import type { depositLinkMachine } from '../../../machines/depositLink/depositLink.machine';
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

/** GET /deposit-links/{hash}, open to anyone with the link: what it was paid so far. */
export function depositLinkQuery(api: ReturnType<typeof paymentsApi>, hash: string) {
  return queryOptions<DepositLink, Failure>({
    queryKey: ['depositLink', hash],
    queryFn: ({ signal }) => unwrap(api.getDepositLink(hash, { retry: false, signal })),
  });
}

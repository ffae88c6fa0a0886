import { fromPromise } from 'xstate';
import { paymentsApi } from '../../api/payments';
import type { fiatTopUpMachine } from '../../../machines/fiatTopUp/fiatTopUp.machine';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/** The bank-transfer top-up's details, from the API. */
export function fiatTopUpActors({ client }: Pick<FlowHost, 'client'>) {
  const api = paymentsApi(client);
  return {
    actors: {
      loadDetails: fromPromise(() => unwrap(api.getFiatTopUpDetails())),
    },
  } satisfies Parameters<typeof fiatTopUpMachine.provide>[0];
}

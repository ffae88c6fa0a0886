import { fromPromise } from 'xstate';
import { paymentsApi } from '../../api/payments';
import type { transferMachine } from '../../../machines/transfer.machine';
import { moneyMoved } from '../moneyMoved';
import type { AppSystem } from '../system';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/**
 * The quote and the transfer. The transfer's Idempotency-Key is derived from the quote id: a quote
 * moves money once, so a double click, a retry after a lost answer and a second tab are one request.
 */
export function transferActors({ client, queryClient, balances }: Pick<FlowHost, 'client' | 'queryClient'> & Pick<AppSystem, 'balances'>) {
  const api = paymentsApi(client);
  return {
    actors: {
      requestQuote: fromPromise(({ input }) => unwrap(api.createQuote(input))),
      // A refusal of a quote that ran out or was used carries the fresh one (`data.quote`, read by the contract's schema).
      confirmTransfer: fromPromise(async ({ input }) => {
        const transfer = await unwrap(api.createTransfer({ quoteId: input.quoteId }, `transfer-${input.quoteId}`));
        moneyMoved({ balances });
        void queryClient.invalidateQueries({ queryKey: ['activities'] });
        return transfer;
      }),
    },
  } satisfies Parameters<typeof transferMachine.provide>[0];
}

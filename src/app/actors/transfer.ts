import { idempotentSubmit } from '../../../machines/parts/idempotentSubmit';
import { fromPromise } from 'xstate';
import { paymentsApi } from '../../api/payments';
import type { transferMachine } from '../../../machines/transfer/transfer.machine';
import { quotedIdempotencyKeys } from '../idempotency';
import { moneyMoved } from '../moneyMoved';
import type { AppSystem } from '../system';
import { watchConnection } from './connection';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/**
 * The quote and the transfer: a quote moves money once, so its transfer has one Idempotency-Key (kept
 * across a reload of the page); a double click, a retry after a lost answer and a reload are one request.
 */
export function transferActors({
  client,
  queryClient,
  balances,
  app,
}: Pick<FlowHost, 'client' | 'queryClient'> & Pick<AppSystem, 'balances' | 'app'>) {
  const api = paymentsApi(client);
  return {
    actors: {
      requestQuote: fromPromise(({ input }) => unwrap(api.createQuote(input))),
      watchConnection: watchConnection({ app }),
      // A refusal of a quote that ran out or was used carries the fresh one (`data.quote`, read by the contract's schema).
      confirmTransfer: idempotentSubmit(quotedIdempotencyKeys('transfer'), async (input: { quoteId: string }, key) => {
        const transfer = await unwrap(api.createTransfer({ quoteId: input.quoteId }, key));
        moneyMoved({ balances });
        void queryClient.invalidateQueries({ queryKey: ['activities'] });
        return transfer;
      }),
    },
  } satisfies Parameters<typeof transferMachine.provide>[0];
}

import { fromPromise } from 'xstate';
import { paymentsApi } from '../../api/payments';
import type { Quote } from '../../../contract/transfers';
import type { transferMachine, TransferRefusal } from '../../../machines/transfer.machine';
import { moneyMoved } from '../moneyMoved';
import type { AppSystem } from '../system';
import { failure } from './failure';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/**
 * The fresh quote a refused transfer's error carries (contract/errors.ts). Like every answer it is the
 * server's own; the shape was checked as far as the app checks errors, and a quote needs its id.
 */
function freshQuoteIn(body: unknown): Quote | undefined {
  const quote = (body as { error?: { quote?: Partial<Quote> } } | undefined)?.error?.quote;
  return typeof quote?.id === 'string' ? (quote as Quote) : undefined;
}

/**
 * The quote and the transfer. The transfer's Idempotency-Key is derived from the quote id: a quote
 * moves money once, so a double click, a retry after a lost answer and a second tab are one request.
 */
export function transferActors({ client, queryClient, balances }: Pick<FlowHost, 'client' | 'queryClient'> & Pick<AppSystem, 'balances'>) {
  const api = paymentsApi(client);
  return {
    actors: {
      requestQuote: fromPromise(({ input }) => unwrap(api.createQuote(input))),
      confirmTransfer: fromPromise(async ({ input }) => {
        const result = await api.createTransfer({ quoteId: input.quoteId }, `transfer-${input.quoteId}`);
        if (!result.ok) {
          const quote = freshQuoteIn(result.error.body);
          throw Object.assign(failure(result.error), quote ? { quote } : {}) satisfies TransferRefusal;
        }
        moneyMoved({ balances });
        void queryClient.invalidateQueries({ queryKey: ['activities'] });
        return result.data;
      }),
    },
  } satisfies Parameters<typeof transferMachine.provide>[0];
}

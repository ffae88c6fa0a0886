import { fromPromise } from 'xstate';
import { idempotentSubmit } from '../../../machines/idempotentSubmit';
import { quotedIdempotencyKeys } from '../idempotency';
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
 * The quote and the transfer: a quote moves money once, so its transfer has one Idempotency-Key (kept
 * across a reload of the page); a double click, a retry after a lost answer and a reload are one request.
 */
export function transferActors({ client, queryClient, balances }: Pick<FlowHost, 'client' | 'queryClient'> & Pick<AppSystem, 'balances'>) {
  const api = paymentsApi(client);
  return {
    actors: {
      requestQuote: fromPromise(({ input }) => unwrap(api.createQuote(input))),
      confirmTransfer: idempotentSubmit(quotedIdempotencyKeys('transfer'), async (input: { quoteId: string }, key) => {
        const result = await api.createTransfer({ quoteId: input.quoteId }, key);
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

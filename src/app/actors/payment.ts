import { paymentsApi } from '../../api/payments';
import { fromCallback, fromPromise } from 'xstate';
import type { PayLinkStatus } from '../../../contract/payLinks';
import type { paymentMachine } from '../../../machines/payment/payment.machine';
import { idempotentSubmit } from '../../../machines/parts/idempotentSubmit';
import { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import { quotedIdempotencyKeys } from '../idempotency';
import { watchConnection } from './connection';
import type { AppSystem } from '../system';
import type { FlowHost } from './host';
import { pollAsk } from './poll';
import { stepUpActors } from './stepUp';
import { unwrap } from './unwrap';

/**
 * /pay/{hash}: loading the request, paying it (then the balances refresh) and, for its requester,
 * watching it: the server's event stream (the contract's `payLinkEvents`) while it lasts, then the
 * machine's poll, whose ask sends nothing while a session cookie is gone (machines/parts/poll.ts).
 */
export function paymentActors({ client, queryClient, app }: FlowHost & Pick<AppSystem, 'app'>, moneyMoved: () => void) {
  const api = paymentsApi(client);
  return {
    actors: {
      loadLink: fromPromise(({ input }) => unwrap(api.getPayLink(input.hash))),
      stepUp: stepUpMachine.provide(stepUpActors({ client })),
      requestQuote: fromPromise(({ input }) => unwrap(api.quotePayLink(input.hash, input.fromAccountId))),
      watchConnection: watchConnection({ app }),
      pay: idempotentSubmit(
        quotedIdempotencyKeys('payment'),
        async (input: { hash: string; fromAccountId: string; quoteId: string | null }, key) => {
          const body = { fromAccountId: input.fromAccountId, ...(input.quoteId ? { quoteId: input.quoteId } : {}) };
          const receipt = await unwrap(api.payPayLink(input.hash, body, key));
          moneyMoved();
          void queryClient.invalidateQueries({ queryKey: ['activities'] });
          return receipt;
        },
      ),
      watchStatus: fromCallback<{ type: 'STATUS_CHANGED'; status: PayLinkStatus } | { type: 'STREAM_ENDED' }, { hash: string }>(
        ({ sendBack, input }) => {
          const stop = new AbortController();
          // Not once the flow has stopped watching: a stream that ends after its last event would start the poll.
          const ended = () => stop.signal.aborted || sendBack({ type: 'STREAM_ENDED' });
          api
            .payLinkEvents(
              input.hash,
              (event, data) => {
                if (event === 'status')
                  sendBack({ type: 'STATUS_CHANGED', status: (JSON.parse(data) as { status: PayLinkStatus }).status });
              },
              stop.signal,
            )
            .then(ended, ended);
          return () => stop.abort();
        },
      ),
      readStatus: pollAsk(async (input: { hash: string }) => (await unwrap(api.getPayLinkInBackground(input.hash))).status),
    },
  } satisfies Parameters<typeof paymentMachine.provide>[0];
}

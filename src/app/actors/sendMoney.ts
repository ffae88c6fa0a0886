import { queryOptions } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { CreateMoneyRequestBody } from '../../../contract/sendMoney';
import { sendMoneyApi } from '../../api/sendMoney';
import type { RequestAnswer, moneyRequestsMachine } from '../../../machines/moneyRequests/moneyRequests.machine';
import type { sendMoneyMachine } from '../../../machines/sendMoney/sendMoney.machine';
import { idempotentSubmit, type SubmitIntent } from '../../../machines/parts/idempotentSubmit';
import { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import { pageIdempotencyKeys } from '../idempotency';
import { moneyMoved } from '../moneyMoved';
import { OPERATION_LIMITS_KEY } from '../queryClient';
import type { AppSystem } from '../system';
import type { FlowHost } from './host';
import { stepUpActors } from './stepUp';
import { unwrap } from './unwrap';

type Api = ReturnType<typeof sendMoneyApi>;
type Host = Pick<FlowHost, 'client' | 'queryClient'> & Pick<AppSystem, 'balances'>;

/** The requests both ways, as /send/requests lists them. */
export const MONEY_REQUESTS_QUERY = ['money-requests'] as const;

export function moneyRequestsQuery(api: Api) {
  return queryOptions({
    queryKey: MONEY_REQUESTS_QUERY,
    queryFn: ({ signal }) => unwrap(api.listMoneyRequests({ retry: false, signal })),
  });
}

/** Whom the customer sent to, most recent first, filtered by what the search holds. */
export function contactsQuery(api: Api, q: string) {
  return queryOptions({
    queryKey: ['send-contacts', q] as const,
    queryFn: ({ signal }) => unwrap(api.listContacts(q, { retry: false, signal })),
  });
}

/** Money left the customer's accounts: the balances, activities, limits and contacts are read again. */
function sent({ queryClient, balances }: Host) {
  moneyMoved({ balances });
  void queryClient.invalidateQueries({ queryKey: OPERATION_LIMITS_KEY });
  void queryClient.invalidateQueries({ queryKey: ['activities'] });
  void queryClient.invalidateQueries({ queryKey: ['send-contacts'] });
}

/** /send: the look-up, the step-up and the send, once per body (the key kept for the page). */
export function sendMoneyActors(host: Host) {
  const api = sendMoneyApi(host.client);
  return {
    actors: {
      lookupRecipient: fromPromise(({ input }) => unwrap(api.lookupRecipient(input.to))),
      stepUp: stepUpMachine.provide(stepUpActors({ client: host.client })),
      sendMoney: idempotentSubmit(pageIdempotencyKeys(), async ({ to, fromAccountId, amount, note }, key) => {
        const receipt = await unwrap(api.sendMoney({ to, fromAccountId, amount, ...(note ? { note } : {}) }, key));
        sent(host);
        return receipt;
      }),
    },
  } satisfies Parameters<typeof sendMoneyMachine.provide>[0];
}

const ANSWERS: Record<RequestAnswer, (api: Api, id: string) => ReturnType<Api['declineMoneyRequest']>> = {
  decline: (api, id) => api.declineMoneyRequest(id),
  cancel: (api, id) => api.cancelMoneyRequest(id),
  remind: (api, id) => api.remindMoneyRequest(id),
};

/** /send/requests: asking, paying (once per request and account), declining, cancelling, reminding; the list is read again after each. */
export function moneyRequestsActors(host: Host) {
  const api = sendMoneyApi(host.client);
  const changed = () => void host.queryClient.invalidateQueries({ queryKey: MONEY_REQUESTS_QUERY });
  return {
    actors: {
      askMoney: idempotentSubmit(
        pageIdempotencyKeys(),
        async ({ intent: _intent, ...body }: CreateMoneyRequestBody & SubmitIntent, key) => {
          const asked = await unwrap(api.requestMoney(body, key));
          changed();
          return asked;
        },
      ),
      stepUp: stepUpMachine.provide(stepUpActors({ client: host.client })),
      payRequest: idempotentSubmit(pageIdempotencyKeys(), async (input: { requestId: string; fromAccountId: string }, key) => {
        const receipt = await unwrap(api.payMoneyRequest(input.requestId, input.fromAccountId, key));
        sent(host);
        changed();
        return receipt;
      }),
      answerRequest: fromPromise(async ({ input }) => {
        const answered = await unwrap(ANSWERS[input.answer](api, input.requestId));
        changed();
        return answered;
      }),
    },
  } satisfies Parameters<typeof moneyRequestsMachine.provide>[0];
}

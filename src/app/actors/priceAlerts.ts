import { queryOptions } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { CreatePriceAlertBody } from '../../../contract/priceAlerts';
import { idempotentSubmit } from '../../../machines/parts/idempotentSubmit';
import type { priceAlertsMachine } from '../../../machines/priceAlerts/priceAlerts.machine';
import { priceAlertsApi } from '../../api/priceAlerts';
import { pageIdempotencyKeys } from '../idempotency';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

type Api = ReturnType<typeof priceAlertsApi>;

/** The customer's alerts, as /alerts lists them. */
export const PRICE_ALERTS_QUERY = ['price-alerts'] as const;

export function priceAlertsQuery(api: Api) {
  return queryOptions({
    queryKey: PRICE_ALERTS_QUERY,
    queryFn: ({ signal }) => unwrap(api.listPriceAlerts({ retry: false, signal })),
    select: (data) => data.alerts,
  });
}

/** Every asset's current price, shown beside the alert form. */
export function ratesQuery(api: Api) {
  return queryOptions({
    queryKey: ['rates'] as const,
    queryFn: ({ signal }) => unwrap(api.listRates({ retry: false, signal })),
  });
}

/**
 * /alerts: creating (once per alert as typed: a retry after a lost answer sends the same key) and
 * removing; the list is read again after each.
 */
export function priceAlertsActors(host: Pick<FlowHost, 'client' | 'queryClient'>) {
  const api = priceAlertsApi(host.client);
  const changed = () => void host.queryClient.invalidateQueries({ queryKey: PRICE_ALERTS_QUERY });
  return {
    actors: {
      createPriceAlert: idempotentSubmit(pageIdempotencyKeys(), async (input: { body: CreatePriceAlertBody }, key) => {
        const alert = await unwrap(api.createPriceAlert(input.body, key));
        changed();
        return alert;
      }),
      removePriceAlert: fromPromise(async ({ input }) => {
        const left = await unwrap(api.removePriceAlert(input.id));
        changed();
        return left;
      }),
    },
  } satisfies Parameters<typeof priceAlertsMachine.provide>[0];
}

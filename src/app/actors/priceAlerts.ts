import { queryOptions } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { priceAlertsMachine } from '../../../machines/priceAlerts/priceAlerts.machine';
import { priceAlertsApi } from '../../api/priceAlerts';
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
 * /alerts: creating and removing; the list is read again after each. Creating takes no Idempotency-Key
 * (the endpoint moves no money and declares none): the machine's busy state sends one request per press.
 */
export function priceAlertsActors(host: Pick<FlowHost, 'client' | 'queryClient'>) {
  const api = priceAlertsApi(host.client);
  const changed = () => void host.queryClient.invalidateQueries({ queryKey: PRICE_ALERTS_QUERY });
  return {
    actors: {
      createPriceAlert: fromPromise(async ({ input }) => {
        const alert = await unwrap(api.createPriceAlert(input));
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

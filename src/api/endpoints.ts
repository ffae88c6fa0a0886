import * as routes from 'virtual:meridian/endpoint-routes';
import type { ApiClient, CallOptions } from './client';
import type { UtmTrackingBody } from '../../contract/app';
import type { SaveUserSettingsBody } from '../../contract';
import type { AcceptTermsBody } from '../../contract/users';
import { ACTIVITY, type ActivityKind } from '../../contract/session';

/** `GET /activities` query as the app passes it (the server applies the defaults). */
export type ActivitiesQueryInput = Partial<Record<'cursor' | 'q' | 'accountId' | 'type' | 'status' | 'from' | 'to', string>> & {
  limit?: number;
};

/** What a read may pass through: TanStack Query's queryFns give `retry: false` and their abort signal. */
export type ReadOptions = Pick<CallOptions<undefined>, 'retry' | 'signal'>;

/**
 * An area's typed calls (`src/api/<area>.ts`), made once per client. Each area's module is imported by the
 * screens and flow actors that call it, so its functions and routes load with them, not with the entry.
 */
export function defineApi<Calls>(build: (client: ApiClient) => Calls): (client: ApiClient) => Calls {
  const made = new WeakMap<ApiClient, Calls>();
  return (client) => {
    let calls = made.get(client);
    if (!calls) made.set(client, (calls = build(client)));
    return calls;
  };
}

/** The calls the shell makes on every page (session, language, route guard, balances, wallet chains, bell, terms). */
export function createApi(client: ApiClient) {
  return {
    // Both renew or end the session themselves: their 401 must not wait for a renewal. A renewal is the
    // app's own doing unless the customer asked for it ("Stay signed in"): the call it was made for
    // counts (or not) when it is retried.
    refresh: (activity: ActivityKind = ACTIVITY.background) => client.call(routes.refresh, { body: {}, recoverSession: false, activity }),
    logout: () => client.call(routes.logout, { body: {}, recoverSession: false }),
    getMe: (options?: ReadOptions) => client.call(routes.getMe, options),
    getUserSettings: (options?: ReadOptions) => client.call(routes.getUserSettings, options),
    saveUserSettings: (body: SaveUserSettingsBody) => client.call(routes.saveUserSettings, { body }),
    // The terms dialog sits over every page (src/app/system.ts asks it when a money call is refused).
    acceptTerms: (body: AcceptTermsBody) => client.call(routes.acceptTerms, { body }),
    trackUtm: (body: UtmTrackingBody) => client.call(routes.trackUtm, { body }),
    // Polled by the balances machine: a background request, so it never keeps a session awake.
    getSummaryBalance: (options?: ReadOptions) => client.call(routes.getSummaryBalance, { ...options, activity: ACTIVITY.background }),
    listChains: (options?: ReadOptions) => client.call(routes.listChains, options),
    // The bell's unread count refreshes on its own: background, never keeps a session awake.
    getNotifications: (options?: ReadOptions) => client.call(routes.getNotifications, { ...options, activity: ACTIVITY.background }),
  };
}

export type Api = ReturnType<typeof createApi>;

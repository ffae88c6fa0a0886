import type { ApiClient, ApiResult, CallOptions } from './client';
import type { UserSettings, UtmTrackingBody } from './contract/app';
import { endpoints } from './contract/endpoints';

/** What a read may pass through: TanStack Query's queryFns give `retry: false` and their abort signal. */
export type ReadOptions = Pick<CallOptions<undefined>, 'retry' | 'signal'>;

export interface Api {
  getUserSettings(options?: ReadOptions): Promise<ApiResult<Partial<UserSettings>>>;
  saveUserSettings(body: Partial<UserSettings>): Promise<ApiResult<unknown>>;
  trackUtm(body: UtmTrackingBody): Promise<ApiResult<unknown>>;
}

/** One typed function per entry of the contract's endpoint table. */
export function createApi(client: ApiClient): Api {
  return {
    getUserSettings: (options) => client.call(endpoints.getUserSettings, options),
    saveUserSettings: (body) => client.call(endpoints.saveUserSettings, { body }),
    trackUtm: (body) => client.call(endpoints.trackUtm, { body }),
  };
}

import { accountsEndpoints } from './accounts';
import { appEndpoints } from './app';
import { authEndpoints } from './auth';
import { cardsEndpoints } from './cards';
import { chainsEndpoints } from './chains';
import { depositLinksEndpoints } from './depositLinks';
import { devEndpoints } from './dev';
import { healthEndpoints } from './health';
import { passkeysEndpoints } from './passkeys';
import { phoneRecoveryEndpoints } from './phoneRecovery';
import { securityEndpoints } from './security';
import { simulateEndpoints } from './simulate';
import { sessionsEndpoints } from './sessions';
import { socialEndpoints } from './social';
import { stepUpEndpoints } from './stepUp';
import { usersEndpoints } from './users';

export * from './define';

/**
 * Every call the client makes, once, gathered from one file per area. The server mounts each entry
 * (server/http/route.ts) and the API reference (docs/api.md) is generated from this table; keys are the
 * OpenAPI operation ids. Marked pure (spreading counts as a side effect to a bundler), so a bundle
 * that imports the contract without this table drops it and its schemas.
 */
export const endpoints = /* @__PURE__ */ (() => ({
  ...authEndpoints,
  ...socialEndpoints,
  ...sessionsEndpoints,
  ...securityEndpoints,
  ...usersEndpoints,
  ...appEndpoints,
  ...accountsEndpoints,
  ...cardsEndpoints,
  ...chainsEndpoints,
  ...depositLinksEndpoints,
  ...passkeysEndpoints,
  ...stepUpEndpoints,
  ...simulateEndpoints,
  ...phoneRecoveryEndpoints,
  ...devEndpoints,
  ...healthEndpoints,
}))();

export type EndpointName = keyof typeof endpoints;

import { accountsEndpoints } from './accounts';
import { appEndpoints } from './app';
import { authEndpoints } from './auth';
import { cardsEndpoints } from './cards';
import { chainsEndpoints } from './chains';
import { chartsEndpoints } from './charts';
import { depositsEndpoints } from './deposits';
import { depositLinksEndpoints } from './depositLinks';
import { devEndpoints } from './dev';
import { healthEndpoints } from './health';
import { inviteEndpoints } from './invite';
import { kycEndpoints } from './kyc';
import { notificationsEndpoints } from './notifications';
import { injectEndpoints } from './inject';
import { passkeysEndpoints } from './passkeys';
import { payoutsEndpoints } from './payouts';
import { payLinksEndpoints } from './payLinks';
import { phoneRecoveryEndpoints } from './phoneRecovery';
import { priceAlertsEndpoints } from './priceAlerts';
import { securityEndpoints } from './security';
import { sendMoneyEndpoints } from './sendMoney';
import { simulateEndpoints } from './simulate';
import { sessionsEndpoints } from './sessions';
import { socialEndpoints } from './social';
import { stepUpEndpoints } from './stepUp';
import { supportEndpoints } from './support';
import { transfersEndpoints } from './transfers';
import { usersEndpoints } from './users';
import { withdrawalsEndpoints } from './withdrawals';

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
  ...inviteEndpoints,
  ...accountsEndpoints,
  ...cardsEndpoints,
  ...chainsEndpoints,
  ...depositsEndpoints,
  ...payLinksEndpoints,
  ...sendMoneyEndpoints,
  ...priceAlertsEndpoints,
  ...depositLinksEndpoints,
  ...passkeysEndpoints,
  ...stepUpEndpoints,
  ...simulateEndpoints,
  ...transfersEndpoints,
  ...withdrawalsEndpoints,
  ...payoutsEndpoints,
  ...injectEndpoints,
  ...phoneRecoveryEndpoints,
  ...kycEndpoints,
  ...notificationsEndpoints,
  ...devEndpoints,
  ...healthEndpoints,
  ...supportEndpoints,
  ...chartsEndpoints,
}))();

export type EndpointName = keyof typeof endpoints;

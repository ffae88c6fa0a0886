import { endpoint } from './define';
import { healthSchema, readinessSchema } from '../health';

/** For load balancers and orchestrators: liveness and readiness, no session, nothing personal. */
export const healthEndpoints = {
  health: endpoint('GET', '/health', undefined, healthSchema, {
    summary: 'The process is up (liveness). Touches nothing else.',
    auth: 'none',
  }),
  ready: endpoint('GET', '/ready', undefined, readinessSchema, {
    summary:
      'The database answers a query and no background job of this instance has stalled (readiness); otherwise 503 `not_ready`, whose message names the stalled jobs.',
    auth: 'none',
    errors: ['not_ready'],
  }),
};

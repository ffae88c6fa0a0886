import { endpoint } from './define';
import { outboxMessagesSchema, outboxQuerySchema } from '../dev';

/** Tools of demo mode. */
export const devEndpoints = {
  devOutbox: endpoint('GET', '/dev/outbox', undefined, outboxMessagesSchema, {
    summary: 'Messages sent to an address, newest first (at most 50). Demo mode only, to callers on the same machine.',
    auth: 'none',
    query: outboxQuerySchema,
    demoOnly: true,
  }),
};

import type { FlowModel } from './graph/model';
import { pushMachine } from './push.machine';

export const pushModel = {
  events: {
    ENABLE_PRESSED: { 'turn on': {} },
    SKIPPED: { 'not now': {} },
    RETRIED: { 'try again': {} },
    CONTINUED: { continue: {} },
  },
  actors: {
    loadPushSetup: {
      done: {
        'push here, not asked yet': { available: true, permission: 'default' },
        'allowed before': { available: true, permission: 'granted' },
        'blocked before': { available: true, permission: 'denied' },
        'push off, unsupported or its SDK failed to load': { available: false, permission: 'default' },
      },
      error: { 'configuration unreadable': { code: 'network_error' } },
    },
    askPermission: {
      done: { allowed: 'granted', blocked: 'denied', 'prompt dismissed': 'default' },
      error: { 'no prompt': { code: 'unknown' } },
    },
    subscribe: { done: { subscribed: undefined }, error: { offline: { code: 'network_error' } } },
  },
  invariants: {
    failed: (s) => s.context.failure !== null || 'not subscribed, without saying why',
    enabled: (s) => s.context.failure === null || 'on, yet showing a failure',
    done: (s) => s.status === 'done' || 'home, but the flow still runs',
  },
} satisfies FlowModel<typeof pushMachine>;

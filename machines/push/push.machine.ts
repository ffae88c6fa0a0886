import { assign, setup } from 'xstate';
import { toFailure, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

/** What the browser allows for notifications on this site. */
export type NotificationPermission = 'default' | 'granted' | 'denied';

/**
 * What the page found: whether push works here at all (the server's runtime configuration names a way,
 * the browser supports it, and in SDK mode the SDK's script loaded) and what the browser already allows.
 */
export interface PushSetup {
  available: boolean;
  permission: NotificationPermission;
}

type PushEvent =
  /** "Turn on notifications". */
  | { type: 'ENABLE_PRESSED' }
  /** "Not now". */
  | { type: 'SKIPPED' }
  | { type: 'RETRIED' }
  /** "Continue" after the outcome. */
  | { type: 'CONTINUED' };

interface PushContext {
  failure: Failure | null;
}

export const pushMachine = setup({
  types: {
    context: {} as PushContext,
    events: {} as PushEvent,
  },
  actors: {
    /** GET /push/config, the browser's support and permission, and in SDK mode the SDK's script (lazily). */
    loadPushSetup: unprovided<PushSetup>('loadPushSetup'),
    /** The browser's permission prompt. */
    askPermission: unprovided<NotificationPermission>('askPermission'),
    /** Web Push: the service worker's subscription, stored by POST /push/subscriptions; SDK: its own subscription. */
    subscribe: unprovided<void>('subscribe'),
  },
  guards: {
    unavailable: ({ event }) => 'output' in event && !(event.output as PushSetup).available,
    blockedBefore: ({ event }) => 'output' in event && (event.output as PushSetup).permission === 'denied',
    allowedBefore: ({ event }) => 'output' in event && (event.output as PushSetup).permission === 'granted',
    granted: ({ event }) => 'output' in event && event.output === 'granted',
    denied: ({ event }) => 'output' in event && event.output === 'denied',
  },
}).createMachine({
  id: 'push',
  description:
    '/onboarding/push-notifications: explains push, then asks the browser for permission and subscribes this device. Push that is not configured, not supported, or whose SDK failed to load is quietly left out: the page goes on home.',
  context: { failure: null },
  initial: 'checking',
  states: {
    checking: {
      description: 'Is push possible here, and what does the browser allow already?',
      tags: ['loading'],
      invoke: {
        id: 'loadPushSetup',
        src: 'loadPushSetup',
        onDone: [
          { guard: 'unavailable', target: 'done', description: 'No push on this server or browser: quietly on.' },
          { guard: 'blockedBefore', target: 'blocked', description: 'Refused before: only the browser settings can change it.' },
          { guard: 'allowedBefore', target: 'subscribing', description: 'Allowed before: make sure this device is subscribed.' },
          { target: 'explaining', description: 'Not decided yet: what notifications tell is explained first.' },
        ],
        onError: { target: 'done', description: 'A push script that does not load quietly turns push off.' },
      },
    },
    explaining: {
      description: 'What notifications tell, Turn on and Not now.',
      meta: { route: '/onboarding/push-notifications', view: { testId: 'push-explaining' } },
      on: {
        ENABLE_PRESSED: { target: 'asking', description: 'The customer pressed Turn on: the browser asks for permission.' },
        SKIPPED: { target: 'done', description: 'The customer chose Not now: on to home.' },
      },
    },
    asking: {
      description: 'The browser asks the customer.',
      tags: ['busy'],
      invoke: {
        id: 'askPermission',
        src: 'askPermission',
        onDone: [
          { guard: 'granted', target: 'subscribing', description: 'The customer allowed notifications: this device subscribes.' },
          { guard: 'denied', target: 'blocked', description: 'The customer blocked notifications: how to allow them is explained.' },
          { target: 'explaining', description: 'The prompt was dismissed: ask again later.' },
        ],
        onError: { target: 'explaining', description: 'No prompt could be shown.' },
      },
    },
    subscribing: {
      description: 'Subscribing this device.',
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        onDone: { target: 'enabled', description: 'This device is subscribed: notifications are on.' },
        onError: {
          target: 'failed',
          description: 'Not subscribed (offline, the push service): the page says why.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    failed: {
      description: 'Not subscribed: why, Try again or Not now.',
      tags: ['failed'],
      meta: { route: '/onboarding/push-notifications', view: { testId: 'push-failed' } },
      on: {
        RETRIED: { target: 'subscribing', description: 'The customer tries again: this device subscribes once more.' },
        SKIPPED: { target: 'done', description: 'The customer chose Not now: on to home.' },
      },
    },
    enabled: {
      description: 'Notifications are on for this device.',
      tags: ['enabled'],
      meta: { route: '/onboarding/push-notifications', view: { testId: 'push-enabled' } },
      on: { CONTINUED: { target: 'done', description: 'The customer carries on: on to home.' } },
    },
    blocked: {
      description: 'The browser blocks notifications for this site: how to allow them in its settings.',
      tags: ['blocked'],
      meta: { route: '/onboarding/push-notifications', view: { testId: 'push-blocked' } },
      on: { CONTINUED: { target: 'done', description: 'The customer carries on: on to home.' } },
    },
    done: {
      description: 'Push set up or skipped: the home page opens.',
      type: 'final',
      meta: { route: '/' },
    },
  },
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { pushMachine, type NotificationPermission, type PushSetup } from '../machines/push/push.machine';
import { connectPush } from '../machines/push/push.view';

/** The push page's machine with actors that answer as given, settled. */
async function settled(setup: PushSetup, answer: NotificationPermission = 'granted', subscribes = true, events: string[] = []) {
  const actor = createActor(
    pushMachine.provide({
      actors: {
        loadPushSetup: fromPromise(async () => setup),
        askPermission: fromPromise(async () => answer),
        subscribe: fromPromise(async () => {
          if (!subscribes) throw Object.assign(new Error(''), { code: 'push_subscribe_failed' });
        }),
      },
    }),
  ).start();
  await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const type of events) {
    actor.send({ type } as never);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return connectPush(actor.getSnapshot(), actor.send);
}

describe('the push page’s connect', () => {
  it('explains first, when the browser has not been asked', async () => {
    expect(await settled({ available: true, permission: 'default' })).toMatchObject({
      loading: false,
      explaining: true,
      finished: false,
    });
  });

  it('goes home quietly where there is no push (off, unsupported, SDK not loaded)', async () => {
    expect(await settled({ available: false, permission: 'default' })).toMatchObject({ finished: true });
  });

  it('says notifications are on once allowed and subscribed', async () => {
    expect(await settled({ available: true, permission: 'default' }, 'granted', true, ['ENABLE_PRESSED'])).toMatchObject({
      enabled: true,
      explaining: false,
    });
  });

  it('says how to unblock them when the browser blocks them', async () => {
    expect(await settled({ available: true, permission: 'denied' })).toMatchObject({ blocked: true, explaining: false });
  });

  it('says why when subscribing failed, with the failure', async () => {
    const view = await settled({ available: true, permission: 'granted' }, 'granted', false);
    expect(view).toMatchObject({ failed: true, explaining: false, failure: { code: 'push_subscribe_failed' } });
  });
});

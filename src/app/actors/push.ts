import { fromPromise } from 'xstate';
import { profileApi } from '../../api/profile';
import type { pushMachine, PushSetup } from '../../../machines/push/push.machine';
import { askPushPermission, loadPushSdk, pushPermission, pushSupported, subscribeWebPush } from '../../platform/push';
import { asError } from '../../../machines/parts/failure';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/**
 * Push on this device, in the way the server's runtime configuration names: standard Web Push (the
 * service worker's subscription, stored on the server) or the push SDK, loaded only here and only then.
 */
export function pushActors({ client, log }: FlowHost) {
  const api = profileApi(client);
  const config = () => unwrap(api.getPushConfig({ retry: false }));
  return {
    actors: {
      loadPushSetup: fromPromise(async (): Promise<PushSetup> => {
        const setup = await config();
        if (setup.mode === 'off' || !pushSupported()) return { available: false, permission: 'default' };
        if (setup.mode === 'sdk') {
          try {
            await loadPushSdk(setup.scriptUrl, setup.appId);
          } catch (error) {
            // A push script that fails to load quietly disables push (docs/product.md#background-work-in-the-app).
            log('push SDK unavailable', error);
            return { available: false, permission: 'default' };
          }
        }
        return { available: true, permission: pushPermission() };
      }),
      askPermission: fromPromise(() => askPushPermission()),
      subscribe: fromPromise(async () => {
        const setup = await config();
        if (setup.mode === 'sdk') {
          const sdk = await loadPushSdk(setup.scriptUrl, setup.appId);
          await sdk.Notifications.requestPermission();
          return;
        }
        if (setup.mode !== 'webpush') throw asError({ code: 'push_unavailable' });
        let device;
        try {
          device = await subscribeWebPush(setup.vapidPublicKey);
        } catch (error) {
          throw asError({ code: 'push_subscribe_failed' }, error);
        }
        await unwrap(api.subscribePush(device));
      }),
    },
  } satisfies Parameters<typeof pushMachine.provide>[0];
}

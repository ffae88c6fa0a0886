import type { PushSubscriptionBody } from '../../contract/notifications';
import { registerServiceWorker } from './serviceWorker';

/**
 * The browser's side of push: the permission prompt, the service worker and its Web Push subscription,
 * or the third-party push SDK's script. The push machine's actors call these; nothing else does.
 */

export type PushPermission = 'default' | 'granted' | 'denied';

/** Whether this browser can receive Web Push at all (no service workers in private windows of some). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function pushPermission(): PushPermission {
  return Notification.permission;
}

export async function askPushPermission(): Promise<PushPermission> {
  return Notification.requestPermission();
}

/** The VAPID key as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** Registers the service worker (served from the app's origin) and subscribes this device. */
export async function subscribeWebPush(vapidPublicKey: string): Promise<PushSubscriptionBody> {
  await registerServiceWorker();
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Ends this device's Web Push subscription at the push service, so nothing reaches it once the customer has
 * signed out (the server forgets the subscription with the session too). No service worker: nothing to end.
 */
export async function unsubscribeWebPush(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

interface PushSdk {
  init(options: { appId: string }): Promise<void>;
  Notifications: { requestPermission(): Promise<void>; permission: boolean };
}

declare global {
  interface Window {
    OneSignalDeferred?: ((sdk: PushSdk) => void | Promise<void>)[];
  }
}

/** The SDK script gets this long to load and start; after it, push is off for this visit. */
const SDK_LOAD_TIMEOUT_MS = 10_000;

let sdk: Promise<PushSdk> | undefined;

/**
 * Loads the push SDK (version 16) lazily, once, and initialises it with the app id of the runtime
 * configuration. A script that does not load or start rejects, and the app quietly hides push.
 */
export function loadPushSdk(scriptUrl: string, appId: string): Promise<PushSdk> {
  sdk ??= new Promise<PushSdk>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('push SDK timed out')), SDK_LOAD_TIMEOUT_MS);
    window.OneSignalDeferred = window.OneSignalDeferred ?? [];
    window.OneSignalDeferred.push(async (loaded) => {
      try {
        await loaded.init({ appId });
        clearTimeout(timer);
        resolve(loaded);
      } catch (error) {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.defer = true;
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('push SDK did not load'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    // The next visit may try again.
    sdk = undefined;
    throw error;
  });
  return sdk;
}

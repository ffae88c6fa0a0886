// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { sessionMachine } from '../machines/session/session.machine';
import { sessionActors } from '../src/app/actors/session';

/** A browser with push (the test DOM has none): a service worker whose subscription `getSubscription` gives. */
function browserWithPush(getSubscription: () => Promise<{ unsubscribe(): Promise<boolean> } | null>) {
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager: { getSubscription } }) },
  });
}

/** A signed-in session whose sign-out the server answers at once. */
async function signOut() {
  const logout = vi.fn(async () => ({ ok: true, data: { ok: true } }) as const);
  const api = { refresh: vi.fn(), logout } as unknown as Parameters<typeof sessionActors>[0];
  const actor = createActor(
    sessionMachine.provide({
      actors: sessionActors(api),
      actions: { clearSessionCookies: () => {}, forgetSelectedCardAccount: () => {}, goToWelcome: () => {} },
    }),
    { input: { hasAuthToken: true, hasRefreshToken: true } },
  ).start();
  actor.send({ type: 'LOG_OUT_REQUESTED' });
  const settled = await waitFor(actor, (s) => s.value === 'signedOut', { timeout: 1000 });
  return { signedIn: settled.hasTag('signedIn'), logout };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('signing out ends the browser’s push subscription', () => {
  it('unsubscribes this device at the push service', async () => {
    const unsubscribe = vi.fn(async () => true);
    browserWithPush(async () => ({ unsubscribe }));
    const { signedIn, logout } = await signOut();
    expect(signedIn).toBe(false);
    expect(logout).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(unsubscribe).toHaveBeenCalledOnce());
  });

  it('does not wait for a push service that never answers', async () => {
    browserWithPush(() => new Promise(() => {}));
    expect((await signOut()).signedIn).toBe(false);
  });

  it('signs out when the push service refuses, and when the device has no subscription', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    browserWithPush(async () => ({ unsubscribe: () => Promise.reject(new Error('push service down')) }));
    expect((await signOut()).signedIn).toBe(false);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('[meridian] Ending the push subscription failed', expect.any(Error)));
    browserWithPush(async () => null);
    expect((await signOut()).signedIn).toBe(false);
  });

  it('signs out in a browser without push', async () => {
    expect((await signOut()).signedIn).toBe(false);
  });
});

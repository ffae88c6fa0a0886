import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { asError } from '../machines/parts/failure';
import { sessionMachine, type SessionCookies } from '../machines/session/session.machine';

const both = { hasAuthToken: true, hasRefreshToken: true };
const none = { hasAuthToken: false, hasRefreshToken: false };

function start(cookies: SessionCookies, outcomes: { refresh?: SessionCookies | Error; logOut?: Error } = {}) {
  const calls: string[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        refreshSession: fromPromise(async () => {
          calls.push('refreshSession');
          const outcome = outcomes.refresh ?? both;
          if (outcome instanceof Error) throw outcome;
          return outcome;
        }),
        logOut: fromPromise(async () => {
          calls.push('logOut');
          if (outcomes.logOut) throw outcomes.logOut;
        }),
      },
      actions: {
        clearSessionCookies: () => calls.push('clearSessionCookies'),
        forgetSelectedCardAccount: () => calls.push('forgetSelectedCardAccount'),
        goToLogin: () => calls.push('goToLogin'),
        goToWelcome: () => calls.push('goToWelcome'),
      },
    }),
    { input: cookies },
  ).start();
  return { actor, calls };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('signedIn') || s.matches('signedOut'));

describe('session', () => {
  it('is signed in only when both the auth and refresh tokens exist', () => {
    expect(start(both).actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(start({ hasAuthToken: true, hasRefreshToken: false }).actor.getSnapshot().hasTag('signedIn')).toBe(false);
    expect(start({ hasAuthToken: false, hasRefreshToken: true }).actor.getSnapshot().hasTag('signedIn')).toBe(false);
    expect(start(none).actor.getSnapshot().hasTag('signedIn')).toBe(false);
  });

  it('on a 401 tries one refresh and stays signed in when it works', async () => {
    const { actor, calls } = start(both);
    actor.send({ type: 'UNAUTHORIZED', cookies: both });
    actor.send({ type: 'UNAUTHORIZED', cookies: both });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect((await settled(actor)).value).toBe('signedIn');
    expect(calls).toEqual(['refreshSession']);
  });

  it('when the refresh fails: clears both tokens, forgets the selected card account, then goes to login', async () => {
    const { actor, calls } = start(both, { refresh: asError({ code: 'refresh_token_reused' }) });
    actor.send({ type: 'UNAUTHORIZED', cookies: both });
    expect((await settled(actor)).value).toBe('signedOut');
    expect(calls).toEqual(['refreshSession', 'clearSessionCookies', 'forgetSelectedCardAccount', 'goToLogin']);
    expect(actor.getSnapshot().context).toEqual(none);
  });

  it('a late 401 without a session to refresh clears what is left and leaves the page to where the session ended', () => {
    const leftover = { hasAuthToken: true, hasRefreshToken: false };
    const { actor, calls } = start(leftover);
    actor.send({ type: 'UNAUTHORIZED', cookies: leftover });
    expect(calls).toEqual(['clearSessionCookies', 'forgetSelectedCardAccount']);
    expect(actor.getSnapshot().context).toEqual(none);
  });

  it('a late 401 arriving after another tab signed in keeps that newer session', () => {
    const { actor, calls } = start(none);
    // The other tab's cookies are in the browser; their change event has not reached this tab yet.
    actor.send({ type: 'UNAUTHORIZED', cookies: both });
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(calls).toEqual([]);
  });

  it('follows cookies that appear and disappear (sign-in, another tab, expiry)', () => {
    const { actor, calls } = start(none);
    actor.send({ type: 'COOKIES_CHANGED', cookies: both });
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    actor.send({ type: 'COOKIES_CHANGED', cookies: { hasAuthToken: true, hasRefreshToken: false } });
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('logging out revokes the session on the server, then clears it here and opens welcome', async () => {
    const { actor, calls } = start(both);
    actor.send({ type: 'LOG_OUT_REQUESTED' });
    expect((await settled(actor)).value).toBe('signedOut');
    expect(calls).toEqual(['logOut', 'clearSessionCookies', 'forgetSelectedCardAccount', 'goToWelcome']);
  });

  it('a late 401 for a call sent before logging out leaves the customer on welcome', async () => {
    const { actor, calls } = start(both);
    actor.send({ type: 'LOG_OUT_REQUESTED' });
    await settled(actor);
    actor.send({ type: 'UNAUTHORIZED', cookies: none });
    expect(calls).not.toContain('goToLogin');
    expect(calls.filter((call) => call === 'goToWelcome')).toHaveLength(1);
  });

  it('logging out while offline still ends the session on this device', async () => {
    const { actor, calls } = start(both, { logOut: asError({ code: 'network_error' }) });
    actor.send({ type: 'LOG_OUT_REQUESTED' });
    expect((await settled(actor)).value).toBe('signedOut');
    expect(calls).toEqual(['logOut', 'clearSessionCookies', 'forgetSelectedCardAccount', 'goToWelcome']);
  });

  it('notifies subscribers once per change of signedIn', async () => {
    const { actor } = start(none, { refresh: asError({ code: 'expired' }) });
    const seen = vi.fn();
    actor.subscribe((s) => seen(s.hasTag('signedIn')));
    actor.send({ type: 'COOKIES_CHANGED', cookies: both });
    actor.send({ type: 'UNAUTHORIZED', cookies: both });
    await settled(actor);
    const changes = seen.mock.calls.map(([v]) => v).filter((v, i, all) => i === 0 || v !== all[i - 1]);
    expect(changes).toEqual([true, false]);
  });
});

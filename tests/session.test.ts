import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine, type SessionCookies } from '../machines/session.machine';

function start(cookies: SessionCookies) {
  const calls: string[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actions: {
        clearSessionCookies: () => calls.push('clearSessionCookies'),
        forgetSelectedCardAccount: () => calls.push('forgetSelectedCardAccount'),
        goToLogin: () => calls.push('goToLogin'),
      },
    }),
    { input: cookies },
  ).start();
  return { actor, calls };
}

const both = { hasAuthToken: true, hasRefreshToken: true };

describe('session', () => {
  it('is signed in only when both the auth and refresh tokens exist', () => {
    expect(start(both).actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(start({ hasAuthToken: true, hasRefreshToken: false }).actor.getSnapshot().hasTag('signedIn')).toBe(false);
    expect(start({ hasAuthToken: false, hasRefreshToken: true }).actor.getSnapshot().hasTag('signedIn')).toBe(false);
    expect(start({ hasAuthToken: false, hasRefreshToken: false }).actor.getSnapshot().hasTag('signedIn')).toBe(false);
  });

  it('on a 401 clears both tokens, forgets the selected card account, then goes to login — in that order', () => {
    const { actor, calls } = start(both);
    actor.send({ type: 'UNAUTHORIZED' });
    expect(calls).toEqual(['clearSessionCookies', 'forgetSelectedCardAccount', 'goToLogin']);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toEqual({ hasAuthToken: false, hasRefreshToken: false });
  });

  it('follows cookies that appear and disappear (sign-in, another tab, expiry)', () => {
    const { actor, calls } = start({ hasAuthToken: false, hasRefreshToken: false });
    actor.send({ type: 'COOKIES_CHANGED', cookies: both });
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    actor.send({ type: 'COOKIES_CHANGED', cookies: { hasAuthToken: true, hasRefreshToken: false } });
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('logging out clears the session without a redirect of its own', () => {
    const { actor, calls } = start(both);
    actor.send({ type: 'SIGNED_OUT' });
    expect(calls).toEqual(['clearSessionCookies', 'forgetSelectedCardAccount']);
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(false);
  });

  it('notifies subscribers once per change of signedIn', () => {
    const { actor } = start({ hasAuthToken: false, hasRefreshToken: false });
    const seen = vi.fn();
    actor.subscribe((s) => seen(s.hasTag('signedIn')));
    actor.send({ type: 'COOKIES_CHANGED', cookies: both });
    actor.send({ type: 'UNAUTHORIZED' });
    expect(seen.mock.calls.map(([v]) => v)).toEqual([true, false]);
  });
});

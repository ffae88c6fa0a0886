// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ApiResult } from '../src/api/client';
import { sessionMachine } from '../machines/session/session.machine';
import { sessionActors } from '../src/app/actors/session';
import { clearSessionCookies, readSessionCookies } from '../src/platform/cookies';
import { formatSessionMarker } from '../contract/session';

type Refresh = ApiResult<unknown>;

/** The session with the app's real renewal, over a fake API, and the real cookie adapter. */
function signedInSession(refresh: () => Refresh) {
  document.cookie = 'auth_token=access-1; path=/';
  // The refresh token itself is HttpOnly, out of a script's reach; its readable marker stands for it.
  document.cookie = `session_info=${formatSessionMarker({ expiresAt: Date.now() + 86_400_000, idleSeconds: 900 })}; path=/`;
  const api = {
    refresh: async () => refresh(),
    logout: async () => ({ ok: true, data: { ok: true } }) as const,
  } as unknown as Parameters<typeof sessionActors>[0];
  const went: string[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: sessionActors(api),
      actions: {
        clearSessionCookies: () => clearSessionCookies(),
        goToLogin: () => went.push('/login'),
      },
    }),
    { input: readSessionCookies() },
  ).start();
  return { actor, went };
}

const renew = async (actor: ReturnType<typeof signedInSession>['actor']) => {
  actor.send({ type: 'UNAUTHORIZED', cookies: readSessionCookies() });
  return waitFor(actor, (s) => !s.matches('refreshing'));
};

afterEach(() => clearSessionCookies());

describe('session renewal through the API client', () => {
  it('keeps the session when the renewal got no answer (the page is being left, or offline)', async () => {
    // What the client answers when the browser aborts the call: no status, network_error.
    const { actor, went } = signedInSession(() => ({ ok: false, error: { status: 0, code: 'network_error', message: 'aborted' } }));
    const settled = await renew(actor);
    expect(settled.hasTag('signedIn')).toBe(true);
    expect(readSessionCookies()).toEqual({ hasAuthToken: true, hasRefreshToken: true });
    expect(went).toEqual([]);
  });

  it('keeps the session when another tab renewed it a moment ago (409 refresh_conflict)', async () => {
    const { actor } = signedInSession(() => ({ ok: false, error: { status: 409, code: 'refresh_conflict', message: 'conflict' } }));
    expect((await renew(actor)).hasTag('signedIn')).toBe(true);
  });

  it('ends the session when the server refuses the refresh token', async () => {
    const { actor, went } = signedInSession(() => ({
      ok: false,
      error: { status: 401, code: 'refresh_token_invalid', message: 'Session over' },
    }));
    const settled = await renew(actor);
    expect(settled.hasTag('signedIn')).toBe(false);
    expect(readSessionCookies()).toEqual({ hasAuthToken: false, hasRefreshToken: false });
    expect(went).toEqual(['/login']);
  });
});

import { fromPromise } from 'xstate';
import { asError } from '../../../machines/parts/failure';
import { SESSION_GONE } from '../../../machines/parts/poll';
import { readSessionCookies } from '../../platform/cookies';

/** Both session cookies are there: a poll may send its request. */
export function sessionHeld(cookies = readSessionCookies): boolean {
  const { hasAuthToken, hasRefreshToken } = cookies();
  return hasAuthToken && hasRefreshToken;
}

/**
 * A poll's ask (machines/parts/poll.ts): the session cookies are looked at before each request, so none leaves
 * once another tab signed out or the session expired (and none sends the session renewing itself).
 */
export function pollAsk<TOutput, TInput>(ask: (input: TInput) => Promise<TOutput>, cookies = readSessionCookies) {
  return fromPromise<TOutput, TInput>(({ input }) => (sessionHeld(cookies) ? ask(input) : Promise.reject(asError({ code: SESSION_GONE }))));
}

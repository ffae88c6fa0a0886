import type { Context, Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { localizePath } from '../../contract/locales';
import { socialCallbackSchema, type SocialCallback, type SocialProvider } from '../../contract/social';
import type { Config } from '../config';
import { ApiError } from '../errors';
import type { SessionCookies } from '../http/cookies';
import { clientIp } from '../http/client';
import { refuseHostileInput, validate } from '../http/request';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

/**
 * Sign-in with Google and Apple, and the customer's list of signed-in sessions. The two OpenID Connect
 * callbacks are the browser's, not the app's: they answer a 303 redirect instead of JSON, and Apple's
 * arrives as an HTML form post, so they are mounted here by hand (with the contract's schema) rather
 * than through `mount`.
 */
export function socialRoutes(
  app: Hono<AppEnv>,
  deps: RouteDeps,
  services: Services,
  config: Pick<Config, 'publicOrigin'>,
  cookies: SessionCookies,
): void {
  const { social, sessions } = services;
  const { publicOrigin } = config;

  mount(app, deps, endpoints.startSocialSignIn, ({ body, ip }) => social.start(body.provider, body.locale, ip));

  async function finish(c: Context<AppEnv>, provider: SocialProvider, answer: SocialCallback): Promise<Response> {
    const outcome = await social.callback(provider, answer, { ip: clientIp(c, deps.trustProxy), userAgent: c.req.header('user-agent') });
    if (!outcome.ok) {
      const page = `${localizePath(`/auth/${provider}`, outcome.locale)}?error=${encodeURIComponent(outcome.code)}`;
      return c.redirect(publicOrigin + page, 303);
    }
    if (outcome.signIn.kind === 'challenge') {
      // No cookies yet: /2fa/phone asks for the SMS code. The challenge rides in the fragment, which
      // browsers never send to a server, so it stays out of logs and Referer headers.
      const { challengeToken, phoneHint, expiresAt, resendAfterSeconds } = outcome.signIn.challenge;
      const fragment = new URLSearchParams({ challengeToken, phoneHint, expiresAt, resendAfterSeconds: String(resendAfterSeconds) });
      return c.redirect(`${publicOrigin}${localizePath('/2fa/phone', outcome.locale)}#${fragment}`, 303);
    }
    cookies.open(c, outcome.signIn.tokens);
    return c.redirect(publicOrigin + localizePath('/', outcome.locale), 303);
  }

  app.get(endpoints.googleCallback.path, (c) => finish(c, 'google', validate(socialCallbackSchema, c.req.query(), 'query')));

  app.post(endpoints.appleCallback.path, async (c) => {
    refuseHostileInput(c.req.query(), 'query');
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('content-type') ?? ''))
      throw new ApiError('unsupported_media_type');
    const form = Object.fromEntries(new URLSearchParams(await c.req.text()));
    return finish(c, 'apple', validate(socialCallbackSchema, form, 'body'));
  });

  mount(app, deps, endpoints.listSessions, async ({ principal }) => ({ sessions: await sessions.list(principal) }));

  mount(app, deps, endpoints.revokeSession, async ({ body, principal }) => {
    await sessions.revoke(principal, body.sessionId);
    return { ok: true as const };
  });

  mount(app, deps, endpoints.revokeOtherSessions, async ({ principal }) => ({ revoked: await sessions.revokeAll(principal, true) }));

  mount(app, deps, endpoints.revokeAllSessions, async ({ c, principal }) => {
    const revoked = await sessions.revokeAll(principal, false);
    cookies.clear(c);
    return { revoked };
  });
}

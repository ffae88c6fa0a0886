import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { randomBytes } from 'node:crypto';
import { endpoints } from '../../contract/endpoints';
import { localizePath, type Locale } from '../../contract/locales';
import { appleCallbackQuerySchema, socialCallbackSchema, type SocialCallback, type SocialProvider } from '../../contract/social';
import type { Config } from '../config';
import { ApiError } from '../errors';
import type { SessionCookies } from '../http/cookies';
import { clientIp } from '../http/client';
import { refuseHostileInput, validate } from '../http/request';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';
import { OIDC_REQUEST_TTL_SECONDS } from '../services/social';

/** Binds a Google or Apple sign-in to the browser that started it (services/social.ts). */
export const OIDC_BROWSER_COOKIE = 'oidc_browser';
const OIDC_BROWSER_COOKIE_PATH = '/api/auth/social';

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

  // The browser binding: one random value per browser, kept while sign-ins are in flight (so two tabs
  // signing in at once do not undo each other). Lax reaches the Google callback (a top-level GET) and
  // the GET after Apple's form post; HttpOnly, as no script of ours needs it.
  mount(app, deps, endpoints.startSocialSignIn, async ({ c, body, ip }) => {
    const current = getCookie(c, OIDC_BROWSER_COOKIE);
    const browser = current && /^[\w-]{43}$/.test(current) ? current : randomBytes(32).toString('base64url');
    const answer = await social.start(body.provider, body.locale, ip, browser);
    setCookie(c, OIDC_BROWSER_COOKIE, browser, {
      path: OIDC_BROWSER_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'Lax',
      secure: cookies.secure(c),
      maxAge: OIDC_REQUEST_TTL_SECONDS,
    });
    return answer;
  });

  function failed(c: Context, provider: SocialProvider, code: string, locale: Locale): Response {
    return c.redirect(`${publicOrigin}${localizePath(`/auth/${provider}`, locale)}?error=${encodeURIComponent(code)}`, 303);
  }

  async function finish(c: Context<AppEnv>, provider: SocialProvider, answer: SocialCallback): Promise<Response> {
    const client = { ip: clientIp(c, deps.trustProxy), userAgent: c.req.header('user-agent') };
    const outcome = await social.callback(provider, answer, client, getCookie(c, OIDC_BROWSER_COOKIE));
    if (!outcome.ok) return failed(c, provider, outcome.code, outcome.locale);
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
    const form = validate(socialCallbackSchema, Object.fromEntries(new URLSearchParams(await c.req.text())), 'body');
    const { held, locale } = await social.holdAppleAnswer(form);
    if (!held) return failed(c, 'apple', 'social_state_invalid', locale);
    // The same-site hop: a top-level GET on our origin, which the SameSite=Lax binding cookie rides on.
    return c.redirect(`${publicOrigin}/api${endpoints.appleCallbackContinue.path}?${new URLSearchParams({ state: form.state })}`, 303);
  });

  app.get(endpoints.appleCallbackContinue.path, (c) => finish(c, 'apple', validate(appleCallbackQuerySchema, c.req.query(), 'query')));

  mount(app, deps, endpoints.getSecurityActivity, ({ principal, query }) => services.securityLog.list(principal.userId, query));

  mount(app, deps, endpoints.listSessions, async ({ principal }) => ({ sessions: await sessions.list(principal) }));

  const client = (c: Context, ip: string) => ({ ip, userAgent: c.req.header('user-agent') });

  mount(app, deps, endpoints.revokeSession, async ({ c, body, principal, ip }) => {
    await sessions.revoke(principal, body.sessionId, client(c, ip));
    return { ok: true as const };
  });

  mount(app, deps, endpoints.revokeOtherSessions, async ({ c, principal, ip }) => ({
    revoked: await sessions.revokeAll(principal, true, client(c, ip)),
  }));

  mount(app, deps, endpoints.revokeAllSessions, async ({ c, principal, ip }) => {
    const revoked = await sessions.revokeAll(principal, false, client(c, ip));
    cookies.clear(c);
    return { revoked };
  });
}

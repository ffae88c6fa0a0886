import type { Context, Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { ApiError } from '../errors';
import { isHttps } from '../http/client';
import { clearSessionCookies, readRefreshCookie, setSessionCookies } from '../http/cookies';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

export function authRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services, cookieSecure: boolean): void {
  const { auth, tokens, users, twoFactor } = services;
  const secure = (c: Context) => cookieSecure || isHttps(c, deps.trustProxy);

  mount(app, deps, endpoints.register, async ({ c, body, ip }) => {
    const session = await auth.register(body, { ip, userAgent: c.req.header('user-agent') });
    setSessionCookies(c, session.tokens, secure(c));
    return { ...session.tokens, user: await users.me(session.userId), resendAfterSeconds: session.resendAfterSeconds };
  });

  mount(app, deps, endpoints.login, async ({ c, body, ip }) => {
    const outcome = await auth.login(body, { ip, userAgent: c.req.header('user-agent') });
    // A challenge sets no cookie: the session exists only after the SMS code.
    if (outcome.kind === 'challenge') return outcome.challenge;
    setSessionCookies(c, outcome.tokens, secure(c));
    return { ...outcome.tokens, user: await users.me(outcome.userId), twoFactorRequired: false as const };
  });

  mount(app, deps, endpoints.verifyTwoFactor, async ({ c, body, ip }) => {
    const session = await twoFactor.verify(body.challengeToken, body.code, { ip, userAgent: c.req.header('user-agent') });
    setSessionCookies(c, session.tokens, secure(c));
    return { ...session.tokens, user: await users.me(session.userId) };
  });

  mount(app, deps, endpoints.resendTwoFactor, ({ body, ip }) => twoFactor.resend(body.challengeToken, ip));

  mount(app, deps, endpoints.refresh, async ({ c, body }) => {
    try {
      const fresh = await tokens.refresh(body.refreshToken ?? readRefreshCookie(c));
      setSessionCookies(c, fresh, secure(c));
      return fresh;
    } catch (error) {
      // The session is over: take the cookies away too, so no tab keeps presenting them.
      if (error instanceof ApiError && error.status === 401) clearSessionCookies(c, secure(c));
      throw error;
    }
  });

  mount(app, deps, endpoints.logout, async ({ c, body, principal }) => {
    await tokens.endSession(principal, body.refreshToken ?? readRefreshCookie(c));
    clearSessionCookies(c, secure(c));
    return { ok: true as const };
  });

  mount(app, deps, endpoints.verifyEmail, async ({ c, body, principal, ip }) => {
    await auth.verifyEmail(principal, body.code, { ip, userAgent: c.req.header('user-agent') });
    return users.me(principal.userId);
  });

  mount(app, deps, endpoints.resendVerificationEmail, async ({ principal, ip }) => {
    return { ok: true as const, resendAfterSeconds: await auth.resendVerification(principal, ip) };
  });

  mount(app, deps, endpoints.forgotPassword, async ({ body, ip }) => {
    return { ok: true as const, resendAfterSeconds: await auth.forgotPassword(body.email, ip) };
  });

  mount(app, deps, endpoints.resetPassword, async ({ c, body, ip }) => {
    await auth.resetPassword(body, { ip, userAgent: c.req.header('user-agent') });
    return { ok: true as const };
  });
}

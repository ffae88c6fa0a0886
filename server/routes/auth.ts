import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { ApiError } from '../errors';
import { activityOf } from '../http/client';
import type { SessionCookies } from '../http/cookies';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

export function authRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services, cookies: SessionCookies): void {
  const { auth, tokens, users, twoFactor, phoneRecovery } = services;

  mount(app, deps, endpoints.register, async ({ c, body, ip }) => {
    const session = await auth.register(body, { ip, userAgent: c.req.header('user-agent') });
    return { ...cookies.open(c, session.tokens), user: await users.me(session.userId), resendAfterSeconds: session.resendAfterSeconds };
  });

  mount(app, deps, endpoints.login, async ({ c, body, ip }) => {
    const outcome = await auth.login(body, { ip, userAgent: c.req.header('user-agent') });
    // A challenge sets no cookie: the session exists only after the SMS code.
    if (outcome.kind === 'challenge') return outcome.challenge;
    return { ...cookies.open(c, outcome.tokens), user: await users.me(outcome.userId), twoFactorRequired: false as const };
  });

  mount(app, deps, endpoints.verifyTwoFactor, async ({ c, body, ip }) => {
    const session = await twoFactor.verify(body.challengeToken, body.code, { ip, userAgent: c.req.header('user-agent') });
    return { ...cookies.open(c, session.tokens), user: await users.me(session.userId) };
  });

  mount(app, deps, endpoints.resendTwoFactor, ({ body, ip }) => twoFactor.resend(body.challengeToken, ip));

  mount(app, deps, endpoints.refresh, async ({ c }) => {
    try {
      return cookies.open(c, await tokens.refresh(cookies.readRefreshToken(c), activityOf(c)));
    } catch (error) {
      // The session is over: take the cookies away too, so no tab keeps presenting them.
      if (error instanceof ApiError && error.status === 401) cookies.clear(c);
      throw error;
    }
  });

  mount(app, deps, endpoints.logout, async ({ c, principal }) => {
    await tokens.endSession(principal, cookies.readRefreshToken(c));
    cookies.clear(c);
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

  mount(app, deps, endpoints.startPhoneRecovery, ({ body, ip }) => phoneRecovery.start(body.challengeToken, ip));

  mount(app, deps, endpoints.confirmPhoneRecovery, ({ c, body, ip }) =>
    phoneRecovery.confirm(body, { ip, userAgent: c.req.header('user-agent') }),
  );

  mount(app, deps, endpoints.cancelPhoneRecovery, async ({ c, body, ip }) => {
    await phoneRecovery.cancel(body.token, { ip, userAgent: c.req.header('user-agent') });
    return { ok: true as const };
  });

  mount(app, deps, endpoints.getPhoneRecovery, ({ principal }) => phoneRecovery.status(principal.userId));
}

import type { Context, Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { isHttps } from '../http/client';
import { setSessionCookies } from '../http/cookies';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

/** The origin this request was served on: what a passkey answer must name when none is configured. */
function servedOrigin(c: Context<AppEnv>, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  return `${isHttps(c, trustProxy) ? 'https' : url.protocol.slice(0, -1)}://${url.host}`;
}

export function passkeyRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services, cookieSecure: boolean): void {
  const { passkeys, users } = services;
  const origin = (c: Context<AppEnv>) => servedOrigin(c, deps.trustProxy);

  mount(app, deps, endpoints.getValidationStatus, ({ principal }) => passkeys.status(principal.userId));
  mount(app, deps, endpoints.requestBiometricEnable, ({ principal, ip }) => passkeys.requestEnable(principal, ip));
  mount(app, deps, endpoints.confirmBiometricEnable, ({ c, principal, body }) => passkeys.confirmEnable(principal, body, origin(c)));
  mount(app, deps, endpoints.requestBiometricDisableAll, ({ principal, ip }) => passkeys.requestDisableAll(principal, ip));
  mount(app, deps, endpoints.confirmBiometricDisableAll, ({ principal, body }) =>
    passkeys.confirmDisableAll(principal, body.code_token, body.code),
  );
  mount(app, deps, endpoints.listPasskeys, async ({ principal }) => ({ passkeys: await passkeys.list(principal.userId) }));
  mount(app, deps, endpoints.renamePasskey, ({ c, principal, body }) => passkeys.rename(principal.userId, c.req.param('id')!, body.name));
  mount(app, deps, endpoints.removePasskey, ({ c, principal }) => passkeys.remove(principal.userId, c.req.param('id')!));
  mount(app, deps, endpoints.passkeySignInOptions, ({ ip }) => passkeys.signInOptions(ip));
  mount(app, deps, endpoints.passkeySignIn, async ({ c, body, ip }) => {
    const session = await passkeys.signIn(body.response, origin(c), { ip, userAgent: c.req.header('user-agent') });
    setSessionCookies(c, session.tokens, cookieSecure || isHttps(c, deps.trustProxy));
    return { ...session.tokens, user: await users.me(session.userId) };
  });
}

import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { isHttps } from '../http/client';
import { setSessionCookies } from '../http/cookies';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

export function passkeyRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services, cookieSecure: boolean): void {
  const { passkeys, users } = services;

  mount(app, deps, endpoints.getValidationStatus, ({ principal }) => passkeys.status(principal.userId));
  mount(app, deps, endpoints.requestBiometricEnable, ({ principal, ip }) => passkeys.requestEnable(principal, ip));
  mount(app, deps, endpoints.confirmBiometricEnable, ({ principal, body }) => passkeys.confirmEnable(principal, body));
  mount(app, deps, endpoints.requestBiometricDisableAll, ({ principal, ip }) => passkeys.requestDisableAll(principal, ip));
  mount(app, deps, endpoints.confirmBiometricDisableAll, ({ principal, body }) =>
    passkeys.confirmDisableAll(principal, body.code_token, body.code),
  );
  mount(app, deps, endpoints.listPasskeys, async ({ principal }) => ({ passkeys: await passkeys.list(principal.userId) }));
  mount(app, deps, endpoints.renamePasskey, ({ c, principal, body }) => passkeys.rename(principal.userId, c.req.param('id')!, body.name));
  mount(app, deps, endpoints.removePasskey, ({ c, principal }) => passkeys.remove(principal, c.req.param('id')!));
  mount(app, deps, endpoints.stepUpOptions, ({ principal, body, ip }) => services.stepUp.options(principal, body.action, ip));
  mount(app, deps, endpoints.stepUpCode, ({ principal, body, ip }) => services.stepUp.sendCode(principal, body.action, ip));
  mount(app, deps, endpoints.stepUpVerify, ({ principal, body, ip }) => services.stepUp.verify(principal, body, ip));
  mount(app, deps, endpoints.passkeySignInOptions, ({ ip }) => passkeys.signInOptions(ip));
  mount(app, deps, endpoints.passkeySignIn, async ({ c, body, ip }) => {
    const session = await passkeys.signIn(body.response, { ip, userAgent: c.req.header('user-agent') });
    setSessionCookies(c, session.tokens, cookieSecure || isHttps(c, deps.trustProxy));
    return { ...session.tokens, user: await users.me(session.userId) };
  });
}

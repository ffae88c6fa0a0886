import type { Context, Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import type { SessionCookies } from '../http/cookies';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

export function passkeyRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services, cookies: SessionCookies): void {
  const { passkeys, users } = services;

  mount(app, deps, endpoints.getValidationStatus, ({ principal }) => passkeys.status(principal.userId));
  mount(app, deps, endpoints.requestBiometricEnable, ({ principal, ip }) => passkeys.requestEnable(principal, ip));
  const client = (c: Context, ip: string) => ({ ip, userAgent: c.req.header('user-agent') });
  mount(app, deps, endpoints.confirmBiometricEnable, ({ c, principal, body, ip }) =>
    passkeys.confirmEnable(principal, body, client(c, ip)),
  );
  mount(app, deps, endpoints.requestBiometricDisableAll, ({ principal, ip }) => passkeys.requestDisableAll(principal, ip));
  mount(app, deps, endpoints.confirmBiometricDisableAll, ({ c, principal, body, ip }) =>
    passkeys.confirmDisableAll(principal, body.code_token, body.code, client(c, ip)),
  );
  mount(app, deps, endpoints.listPasskeys, async ({ principal }) => ({ passkeys: await passkeys.list(principal.userId) }));
  mount(app, deps, endpoints.renamePasskey, ({ c, principal, body }) => passkeys.rename(principal.userId, c.req.param('id')!, body.name));
  mount(app, deps, endpoints.removePasskey, ({ c, principal, ip }) => passkeys.remove(principal, c.req.param('id')!, client(c, ip)));
  mount(app, deps, endpoints.stepUpOptions, ({ principal, body, ip }) => services.stepUp.options(principal, body.action, ip));
  mount(app, deps, endpoints.stepUpCode, ({ principal, body, ip }) => services.stepUp.sendCode(principal, body.action, ip));
  mount(app, deps, endpoints.stepUpVerify, ({ c, principal, body, ip }) =>
    services.stepUp.verify(principal, body, { ip, userAgent: c.req.header('user-agent') }),
  );
  mount(app, deps, endpoints.passkeySignInOptions, ({ ip }) => passkeys.signInOptions(ip));
  mount(app, deps, endpoints.passkeySignIn, async ({ c, body, ip }) => {
    const session = await passkeys.signIn(body.response, { ip, userAgent: c.req.header('user-agent') });
    return { ...cookies.open(c, session.tokens), user: await users.me(session.userId) };
  });
}

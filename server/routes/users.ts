import type { Context, Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

export function userRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  const { users, settings, promo, phone, passwordChange } = services;

  mount(app, deps, endpoints.getMe, ({ principal }) => users.me(principal.userId));

  mount(app, deps, endpoints.updateName, ({ principal, body }) => users.updateName(principal.userId, body.firstName, body.lastName));

  mount(app, deps, endpoints.acceptTerms, ({ principal, body }) => users.acceptTerms(principal.userId, body.version));

  mount(app, deps, endpoints.setPhone, ({ principal, body, ip }) => phone.setPhone(principal, body.phone, ip));

  const client = (c: Context, ip: string) => ({ ip, userAgent: c.req.header('user-agent') });

  mount(app, deps, endpoints.confirmPhone, ({ c, principal, body, ip }) => phone.confirmSet(principal, body.code, client(c, ip)));

  mount(app, deps, endpoints.updatePhone, ({ principal, body, ip }) => phone.updatePhone(principal, body.phone, body.channel, ip));

  mount(app, deps, endpoints.confirmUpdatePhone, ({ principal, body }) => phone.confirmUpdateByEmail(principal, body.code));

  mount(app, deps, endpoints.confirmUpdatePhoneSms, ({ c, principal, body, ip }) =>
    phone.confirmUpdateBySms(principal, body.code, client(c, ip)),
  );

  mount(app, deps, endpoints.removePhone, ({ c, principal, ip }) => phone.removePhone(principal, client(c, ip)));

  mount(app, deps, endpoints.changePassword, ({ c, principal, body, ip }) =>
    passwordChange.change(principal, body.currentPassword, body.newPassword, client(c, ip)),
  );

  mount(app, deps, endpoints.getUserSettings, ({ principal }) => settings.get(principal.userId));

  mount(app, deps, endpoints.saveUserSettings, ({ principal, body }) => settings.save(principal.userId, body));

  mount(app, deps, endpoints.redeemPromoCode, ({ principal, body, ip }) => promo.redeem(principal.userId, body.code, ip));

  mount(app, deps, endpoints.getOnboarding, ({ principal }) => settings.onboarding(principal.userId));

  mount(app, deps, endpoints.markIntroSeen, ({ principal }) => settings.markIntroSeen(principal.userId));

  mount(app, deps, endpoints.getInvite, ({ principal }) => services.referrals.invite(principal.userId));

  mount(app, deps, endpoints.getInviteDashboard, ({ principal }) => services.referrals.dashboard(principal.userId));

  mount(app, deps, endpoints.getDepositLevels, ({ principal }) => services.levels.standing(principal.userId));
  mount(app, deps, endpoints.getLimits, ({ principal }) => services.limits.remaining(principal.userId));
}

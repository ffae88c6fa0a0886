import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

export function userRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  const { users, settings, promo, phone } = services;

  mount(app, deps, endpoints.getMe, ({ principal }) => users.me(principal.userId));

  mount(app, deps, endpoints.updateName, ({ principal, body }) => users.updateName(principal.userId, body.firstName, body.lastName));

  mount(app, deps, endpoints.setPhone, ({ principal, body, ip }) => phone.setPhone(principal.userId, body.phone, ip));

  mount(app, deps, endpoints.confirmPhone, ({ principal, body }) => phone.confirmSet(principal.userId, body.code));

  mount(app, deps, endpoints.updatePhone, ({ principal, body, ip }) => phone.updatePhone(principal.userId, body.phone, body.channel, ip));

  mount(app, deps, endpoints.confirmUpdatePhone, ({ principal, body }) => phone.confirmUpdateByEmail(principal.userId, body.code));

  mount(app, deps, endpoints.confirmUpdatePhoneSms, ({ principal, body }) => phone.confirmUpdateBySms(principal.userId, body.code));

  mount(app, deps, endpoints.getUserSettings, ({ principal }) => settings.get(principal.userId));

  mount(app, deps, endpoints.saveUserSettings, ({ principal, body }) => settings.save(principal.userId, body));

  mount(app, deps, endpoints.redeemPromoCode, ({ principal, body }) => promo.redeem(principal.userId, body.code));

  mount(app, deps, endpoints.getDepositLevels, ({ principal }) => services.levels.standing(principal.userId));
}

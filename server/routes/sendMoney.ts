import type { Context, Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

/** Money between customers: look-ups, sends, contacts and requests (server/services/sendMoney.ts). */
export function sendMoneyRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  const { sendMoney } = services;
  const id = (c: Context<AppEnv>) => c.req.param('id') ?? '';
  const key = (c: Context<AppEnv>) => c.req.header('idempotency-key');

  mount(app, deps, endpoints.lookupRecipient, ({ principal, body }) => sendMoney.lookup(principal, body.to));
  mount(app, deps, endpoints.sendMoney, ({ principal, db, body, c }) => sendMoney.send(db, principal, body, key(c)), {
    around: async ({ principal, body }, answer) => {
      await sendMoney.admitSend(principal, body);
      return answer();
    },
  });
  mount(app, deps, endpoints.listContacts, ({ principal, query }) => sendMoney.contacts(principal.userId, query.q));
  mount(app, deps, endpoints.requestMoney, ({ principal, db, body }) => sendMoney.request(db, principal, body), {
    around: async ({ principal, body }, answer) => {
      await sendMoney.admitRequest(principal, body);
      return answer();
    },
  });
  mount(app, deps, endpoints.listMoneyRequests, ({ principal }) => sendMoney.listRequests(principal.userId));
  mount(app, deps, endpoints.payMoneyRequest, ({ principal, db, body, c }) =>
    sendMoney.payRequest(db, principal, id(c), body.fromAccountId, key(c)),
  );
  mount(app, deps, endpoints.declineMoneyRequest, ({ principal, c }) => sendMoney.decline(principal.userId, id(c)));
  mount(app, deps, endpoints.cancelMoneyRequest, ({ principal, c }) => sendMoney.cancel(principal.userId, id(c)));
  mount(app, deps, endpoints.remindMoneyRequest, ({ principal, c }) => sendMoney.remind(principal.userId, id(c)));
}

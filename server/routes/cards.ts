import type { Context, Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

/** Card accounts, cards and the simulated card network (server/services/cards.ts). */
export function cardRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  const { cards, stepUp } = services;
  const idempotencyKey = (c: Context<AppEnv>) => c.req.header('idempotency-key');
  // A malformed id is answered 404 by the service, like another customer's.
  const account = (c: Context<AppEnv>) => c.req.param('accountId') ?? '';
  const card = (c: Context<AppEnv>) => c.req.param('cardId') ?? '';

  mount(app, deps, endpoints.listCardAccounts, ({ principal }) => cards.list(principal.userId));
  mount(app, deps, endpoints.getCardAccount, ({ principal, c }) => cards.get(principal.userId, account(c)));
  mount(app, deps, endpoints.repayCardAccount, ({ principal, c, db, body }) =>
    cards.repay(db, principal.userId, account(c), body, idempotencyKey(c)),
  );
  mount(app, deps, endpoints.getCollateral, ({ principal, c }) => cards.collateral(principal.userId, account(c)));
  mount(app, deps, endpoints.previewCollateral, ({ principal, c, query }) => cards.preview(principal.userId, account(c), query));
  mount(app, deps, endpoints.addCollateral, ({ principal, c, db, body }) =>
    cards.moveCollateral(db, principal.userId, account(c), 'add', body, idempotencyKey(c)),
  );
  mount(app, deps, endpoints.withdrawCollateral, ({ principal, c, db, body }) =>
    cards.moveCollateral(db, principal.userId, account(c), 'withdraw', body, idempotencyKey(c)),
  );

  mount(app, deps, endpoints.listCards, ({ principal, c }) => cards.listCards(principal.userId, account(c)));
  mount(app, deps, endpoints.issueCard, ({ principal, c, db, body }) => cards.issueCard(db, principal.userId, account(c), body.form));
  mount(app, deps, endpoints.freezeCard, ({ principal, c }) => cards.setFrozen(principal.userId, card(c), true));
  mount(app, deps, endpoints.unfreezeCard, ({ principal, c }) => cards.setFrozen(principal.userId, card(c), false));
  mount(app, deps, endpoints.activateCard, ({ principal, c }) => cards.activate(principal.userId, card(c)));
  mount(app, deps, endpoints.updateCardControls, ({ principal, c, body }) => cards.updateControls(principal.userId, card(c), body));

  // The step-up grant is checked and spent in the transaction that reads the secrets: one reveal per grant.
  mount(app, deps, endpoints.revealCard, async ({ principal, c }) => {
    const secrets = await deps.db.transaction(async (tx) => {
      await stepUp.require(tx, principal, 'card.reveal');
      const revealed = await cards.reveal(tx, principal.userId, card(c));
      await stepUp.consume(tx, principal, 'card.reveal');
      return revealed;
    });
    c.header('Cache-Control', 'no-store');
    return secrets;
  });

  mount(app, deps, endpoints.simulateCardAuthorization, ({ principal, c, db, body }) =>
    cards.authorize(db, principal.userId, body, idempotencyKey(c)),
  );
  mount(app, deps, endpoints.simulateCardShipment, ({ principal, c }) => cards.ship(principal.userId, card(c)));
  mount(app, deps, endpoints.sweepLoanToValue, () => cards.sweep());
}

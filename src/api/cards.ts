import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi, type ReadOptions } from './endpoints';
import type { CardControlsBody, CardForm, CollateralMoveBody, CollateralPreviewQuery, RepayBody } from '../../contract/cards';

/** Card accounts: a credit line against crypto collateral, and its cards. */
export const cardsApi = defineApi((client) => ({
  // Card accounts: a credit line against crypto collateral, and its cards.
  createCardAccount: (idempotencyKey: string) => client.call(routes.createAccountsCard, { body: {}, idempotencyKey }),
  listCardAccounts: (options?: ReadOptions) => client.call(routes.listCardAccounts, options),
  getCardAccount: (accountId: string, options?: ReadOptions) =>
    client.call(routes.getCardAccount, { ...options, pathParams: { accountId } }),
  repayCardAccount: (accountId: string, body: RepayBody, idempotencyKey: string) =>
    client.call(routes.repayCardAccount, { body, idempotencyKey, pathParams: { accountId } }),
  getCollateral: (accountId: string, options?: ReadOptions) => client.call(routes.getCollateral, { ...options, pathParams: { accountId } }),
  previewCollateral: (accountId: string, query: CollateralPreviewQuery, options?: ReadOptions) =>
    client.call(routes.previewCollateral, { ...options, query, pathParams: { accountId } }),
  moveCollateral: (accountId: string, direction: 'add' | 'withdraw', body: CollateralMoveBody, idempotencyKey: string) =>
    client.call(direction === 'add' ? routes.addCollateral : routes.withdrawCollateral, {
      body,
      idempotencyKey,
      pathParams: { accountId },
    }),
  listCards: (accountId: string, options?: ReadOptions) => client.call(routes.listCards, { ...options, pathParams: { accountId } }),
  issueCard: (accountId: string, form: CardForm, idempotencyKey: string) =>
    client.call(routes.issueCard, { body: { form }, idempotencyKey, pathParams: { accountId } }),
  setCardFrozen: (cardId: string, frozen: boolean) =>
    client.call(frozen ? routes.freezeCard : routes.unfreezeCard, { body: {}, pathParams: { cardId } }),
  activateCard: (cardId: string) => client.call(routes.activateCard, { body: {}, pathParams: { cardId } }),
  updateCardControls: (cardId: string, body: CardControlsBody) => client.call(routes.updateCardControls, { body, pathParams: { cardId } }),
  revealCard: (cardId: string) => client.call(routes.revealCard, { body: {}, pathParams: { cardId } }),
}));

import { acceptTermsModel } from './acceptTerms.model';
import { activateCardModel } from './activateCard.model';
import { adjustAccountModel } from './adjustAccount.model';
import { appModel } from './app.model';
import { balancesModel } from './balances.model';
import { bankPayoutModel } from './bankPayout.model';
import { recurringBuyModel } from './recurringBuy.model';
import { biometricModel } from './biometric.model';
import { campaignTagsModel } from './campaignTags.model';
import { cardControlsModel } from './cardControls.model';
import { changePasswordModel } from './changePassword.model';
import { chatModel } from './chat.model';
import { chunkReloadModel } from './chunkReload.model';
import { collateralModel } from './collateral.model';
import { createVoucherModel } from './createVoucher.model';
import { decideKycModel } from './decideKyc.model';
import { depositLinkModel } from './depositLink.model';
import { depositLinkPaidModel } from './depositLinkPaid.model';
import { endSessionsModel, signOutEverywhereModel } from './endSessions.model';
import { fiatTopUpModel } from './fiatTopUp.model';
import { forgotPasswordModel } from './forgotPassword.model';
import { idleModel } from './idle.model';
import { inviteModel } from './invite.model';
import { issueCardModel } from './issueCard.model';
import { kycModel } from './kyc.model';
import { kycDocumentModel } from './kycDocument.model';
import { kycQuestionnaireModel } from './kycQuestionnaire.model';
import { kycSignatureModel } from './kycSignature.model';
import { languageModel } from './language.model';
import { loginModel } from './login.model';
import { markNotificationsReadModel } from './markNotificationsRead.model';
import { moneyRequestsModel } from './moneyRequests.model';
import { priceAlertsModel } from './priceAlerts.model';
import { notificationsBellModel } from './notificationsBell.model';
import { onboardingModel } from './onboarding.model';
import { onChainDepositModel } from './onChainDeposit.model';
import { openAccountModel } from './openAccount.model';
import { openCardAccountModel } from './openCardAccount.model';
import { passkeySignInModel } from './passkeySignIn.model';
import { payByCodeModel } from './payByCode.model';
import { payLinkModel } from './payLink.model';
import { payLinkListModel } from './payLinkList.model';
import { paymentModel } from './payment.model';
import { phoneChangeModel } from './phoneChange.model';
import { phoneRecoveryModel } from './phoneRecovery.model';
import { pushModel } from './push.model';
import { recoveryCancelModel } from './recoveryCancel.model';
import { registrationModel } from './registration.model';
import { renamePasskeyModel } from './renamePasskey.model';
import { repayCardDebtModel } from './repayCardDebt.model';
import { reportWalletPaymentModel } from './reportWalletPayment.model';
import { reviewHeldTransferModel } from './reviewHeldTransfer.model';
import { routeGuardModel } from './routeGuard.model';
import { sendMoneyModel } from './sendMoney.model';
import { sessionModel } from './session.model';
import { setRatesModel } from './setRates.model';
import { simulateBankTransferModel } from './simulateBankTransfer.model';
import { simulatePayoutReturnModel } from './simulatePayoutReturn.model';
import { simulateCardPaymentModel } from './simulateCardPayment.model';
import { simulateCryptoDepositModel } from './simulateCryptoDeposit.model';
import { socialSignInModel } from './socialSignIn.model';
import { stepUpModel } from './stepUp.model';
import { transferModel } from './transfer.model';
import { twoFactorPhoneModel } from './twoFactorPhone.model';
import { updateNameModel } from './updateName.model';
import { versionReloadModel } from './versionReload.model';
import { walletModel } from './wallet.model';
import { walletConfirmationsModel } from './walletConfirmations.model';
import { walletPayLinkModel } from './walletPayLink.model';
import { walletTopUpModel } from './walletTopUp.model';
import { withdrawalModel } from './withdrawal.model';
import { catalog as flows, type CatalogEntry } from '../../machines/index';
import type { AnyFlowModel } from './graph/model';

/** A catalog entry with the fixtures, invariants and browser bindings of its model-based path tests. */
export interface ModelledEntry extends CatalogEntry {
  model?: AnyFlowModel;
}

/**
 * Each catalogued machine's model (`tests/models/<flow>.model.ts`), by catalog id. Models are test tooling:
 * the app and the public /flows page import `machines/index.ts`, which must not carry their fixtures.
 */
export const models: Record<string, AnyFlowModel> = {
  app: appModel,
  session: sessionModel,
  idle: idleModel,
  balances: balancesModel,
  login: loginModel,
  socialSignIn: socialSignInModel,
  twoFactorPhone: twoFactorPhoneModel,
  phoneRecovery: phoneRecoveryModel,
  recoveryCancel: recoveryCancelModel,
  phoneChange: phoneChangeModel,
  cardControls: cardControlsModel,
  payLink: payLinkModel,
  payment: paymentModel,
  withdrawal: withdrawalModel,
  bankPayout: bankPayoutModel,
  recurringBuy: recurringBuyModel,
  collateral: collateralModel,
  transfer: transferModel,
  onChainDeposit: onChainDepositModel,
  depositLink: depositLinkModel,
  walletTopUp: walletTopUpModel,
  stepUp: stepUpModel,
  changePassword: changePasswordModel,
  passkeySignIn: passkeySignInModel,
  biometric: biometricModel,
  registration: registrationModel,
  forgotPassword: forgotPasswordModel,
  routeGuard: routeGuardModel,
  language: languageModel,
  versionReload: versionReloadModel,
  chunkReload: chunkReloadModel,
  invite: inviteModel,
  onboarding: onboardingModel,
  push: pushModel,
  chat: chatModel,
  kyc: kycModel,
  kycQuestionnaire: kycQuestionnaireModel,
  kycSignature: kycSignatureModel,
  kycDocument: kycDocumentModel,
  fiatTopUp: fiatTopUpModel,
  payByCode: payByCodeModel,
  wallet: walletModel,
  updateName: updateNameModel,
  openCardAccount: openCardAccountModel,
  renamePasskey: renamePasskeyModel,
  endSessions: endSessionsModel,
  signOutEverywhere: signOutEverywhereModel,
  markNotificationsRead: markNotificationsReadModel,
  campaignTags: campaignTagsModel,
  openAccount: openAccountModel,
  issueCard: issueCardModel,
  activateCard: activateCardModel,
  repayCardDebt: repayCardDebtModel,
  payLinkList: payLinkListModel,
  walletPayLink: walletPayLinkModel,
  depositLinkPaid: depositLinkPaidModel,
  decideKyc: decideKycModel,
  notificationsBell: notificationsBellModel,
  simulateBankTransfer: simulateBankTransferModel,
  simulatePayoutReturn: simulatePayoutReturnModel,
  simulateCryptoDeposit: simulateCryptoDepositModel,
  simulateCardPayment: simulateCardPaymentModel,
  adjustAccount: adjustAccountModel,
  setRates: setRatesModel,
  reviewHeldTransfer: reviewHeldTransferModel,
  createVoucher: createVoucherModel,
  reportWalletPayment: reportWalletPaymentModel,
  walletConfirmations: walletConfirmationsModel,
  acceptTerms: acceptTermsModel,
  sendMoney: sendMoneyModel,
  moneyRequests: moneyRequestsModel,
  priceAlerts: priceAlertsModel,
};

/** The app's catalog, each machine joined with its model: what the path tests, diagrams' checks and QA read. */
export const catalog: ModelledEntry[] = flows.map((entry) => ({ ...entry, model: models[entry.id] }));

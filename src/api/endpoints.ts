import type { ApiClient, CallOptions } from './client';
import type { UtmTrackingBody } from '../../contract/app';
import type {
  BiometricDisableConfirmBody,
  BiometricEnableConfirmBody,
  ForgotPasswordBody,
  LoginBody,
  PasskeySignInBody,
  PromoCodeBody,
  RegisterBody,
  OpenAccountBody,
  RenamePasskeyBody,
  RevokeSessionBody,
  SaveUserSettingsBody,
  ResetPasswordBody,
  StartSocialSignInBody,
  StepUpActionBody,
  StepUpVerifyBody,
  ChangePasswordBody,
  VerifyEmailBody,
  AdjustmentBody,
  SetRatesBody,
  SimulateBankTransferBody,
  SimulateCryptoDepositBody,
  QuoteBody,
  TransferBody,
  UpdateNameBody,
} from '../../contract';
import type { AssignHeldTransferBody, CreateVoucherBody, RedeemVoucherBody, ReturnHeldTransferBody } from '../../contract/inject';
import type { StatementQuery } from '../../contract/statements';
import type { AddWithdrawalAddressBody, WithdrawalBody, WithdrawalQuoteBody } from '../../contract/withdrawals';
import type {
  CardAuthorizationBody,
  CardControlsBody,
  CardForm,
  CollateralMoveBody,
  CollateralPreviewQuery,
  RepayBody,
} from '../../contract/cards';
import type { KycDecisionBody, KycDocumentBody, KycDocumentSide, KycSignatureBody, QuestionnaireAnswers } from '../../contract/kyc';
import type { CryptoAsset } from '../../contract/assets';
import type { DepositAddressQuery } from '../../contract/deposits';
import type { CreatePayLinkBody, PayPayLinkBody } from '../../contract/payLinks';
import type { CreateDepositLinkBody, DepositLinkPaymentBody } from '../../contract/depositLinks';
import type { PushSubscriptionBody } from '../../contract/notifications';
import type { PhoneCodeBody, ResendTwoFactorBody, SetPhoneBody, UpdatePhoneBody, VerifyTwoFactorBody } from '../../contract/phone';
import type { PhoneRecoveryCancelBody, PhoneRecoveryConfirmBody, PhoneRecoveryStartBody } from '../../contract/phoneRecovery';
import type { endpoints as contractEndpoints } from '../../contract/endpoints';
import routes from 'virtual:meridian/endpoint-routes';
import type { EndpointRoute } from './client';
import { ACTIVITY, type ActivityKind } from '../../contract/session';

/** The contract's endpoint table as the app has it: method and path, with the schemas' types only. */
type Routes = {
  [Name in keyof typeof contractEndpoints]: EndpointRoute<
    (typeof contractEndpoints)[Name]['body'],
    (typeof contractEndpoints)[Name]['answer']
  >;
};
const endpoints = routes as Routes;

/** `GET /activities` query as the app passes it (the server applies the defaults). */
export type ActivitiesQueryInput = Partial<Record<'cursor' | 'q' | 'accountId' | 'type' | 'status' | 'from' | 'to', string>> & {
  limit?: number;
};

/** What a read may pass through: TanStack Query's queryFns give `retry: false` and their abort signal. */
export type ReadOptions = Pick<CallOptions<undefined>, 'retry' | 'signal'>;

/** One typed function per entry of the contract's endpoint table that the app calls. */
export function createApi(client: ApiClient) {
  return {
    login: (body: LoginBody) => client.call(endpoints.login, { body }),
    verifyTwoFactor: (body: VerifyTwoFactorBody) => client.call(endpoints.verifyTwoFactor, { body }),
    resendTwoFactor: (body: ResendTwoFactorBody) => client.call(endpoints.resendTwoFactor, { body }),
    startPhoneRecovery: (body: PhoneRecoveryStartBody) => client.call(endpoints.startPhoneRecovery, { body }),
    confirmPhoneRecovery: (body: PhoneRecoveryConfirmBody) => client.call(endpoints.confirmPhoneRecovery, { body }),
    cancelPhoneRecovery: (body: PhoneRecoveryCancelBody) => client.call(endpoints.cancelPhoneRecovery, { body }),
    getPhoneRecovery: (options?: ReadOptions) => client.call(endpoints.getPhoneRecovery, options),
    setPhone: (body: SetPhoneBody) => client.call(endpoints.setPhone, { body }),
    confirmPhone: (body: PhoneCodeBody) => client.call(endpoints.confirmPhone, { body }),
    updatePhone: (body: UpdatePhoneBody) => client.call(endpoints.updatePhone, { body }),
    confirmUpdatePhone: (body: PhoneCodeBody) => client.call(endpoints.confirmUpdatePhone, { body }),
    confirmUpdatePhoneSms: (body: PhoneCodeBody) => client.call(endpoints.confirmUpdatePhoneSms, { body }),
    register: (body: RegisterBody) => client.call(endpoints.register, { body }),
    verifyEmail: (body: VerifyEmailBody) => client.call(endpoints.verifyEmail, { body }),
    resendVerificationEmail: () => client.call(endpoints.resendVerificationEmail, { body: {} }),
    redeemPromoCode: (body: PromoCodeBody) => client.call(endpoints.redeemPromoCode, { body }),
    forgotPassword: (body: ForgotPasswordBody) => client.call(endpoints.forgotPassword, { body }),
    resetPassword: (body: ResetPasswordBody) => client.call(endpoints.resetPassword, { body }),
    // Both renew or end the session themselves: their 401 must not wait for a renewal. A renewal is the
    // app's own doing unless the customer asked for it ("Stay signed in"): the call it was made for
    // counts (or not) when it is retried.
    refresh: (activity: ActivityKind = ACTIVITY.background) =>
      client.call(endpoints.refresh, { body: {}, recoverSession: false, activity }),
    logout: () => client.call(endpoints.logout, { body: {}, recoverSession: false }),
    getMe: (options?: ReadOptions) => client.call(endpoints.getMe, options),
    getUserSettings: (options?: ReadOptions) => client.call(endpoints.getUserSettings, options),
    updateName: (body: UpdateNameBody) => client.call(endpoints.updateName, { body }),
    getDepositLevels: (options?: ReadOptions) => client.call(endpoints.getDepositLevels, options),
    getLimits: (options?: ReadOptions) => client.call(endpoints.getLimits, options),
    getInvite: (options?: ReadOptions) => client.call(endpoints.getInvite, options),
    getInviteDashboard: (options?: ReadOptions) => client.call(endpoints.getInviteDashboard, options),
    getOnboarding: (options?: ReadOptions) => client.call(endpoints.getOnboarding, options),
    markIntroSeen: () => client.call(endpoints.markIntroSeen, { body: {} }),
    saveUserSettings: (body: SaveUserSettingsBody) => client.call(endpoints.saveUserSettings, { body }),
    trackUtm: (body: UtmTrackingBody) => client.call(endpoints.trackUtm, { body }),
    startSocialSignIn: (body: StartSocialSignInBody) => client.call(endpoints.startSocialSignIn, { body }),
    listSessions: (options?: ReadOptions) => client.call(endpoints.listSessions, options),
    getSecurityActivity: (query: { cursor?: string }, options?: ReadOptions) =>
      client.call(endpoints.getSecurityActivity, { ...options, query }),
    revokeSession: (body: RevokeSessionBody) => client.call(endpoints.revokeSession, { body }),
    revokeOtherSessions: () => client.call(endpoints.revokeOtherSessions, { body: {} }),
    revokeAllSessions: () => client.call(endpoints.revokeAllSessions, { body: {} }),
    getValidationStatus: (options?: ReadOptions) => client.call(endpoints.getValidationStatus, options),
    requestBiometricEnable: () => client.call(endpoints.requestBiometricEnable, { body: {} }),
    confirmBiometricEnable: (body: BiometricEnableConfirmBody) => client.call(endpoints.confirmBiometricEnable, { body }),
    requestBiometricDisableAll: () => client.call(endpoints.requestBiometricDisableAll, { body: {} }),
    confirmBiometricDisableAll: (body: BiometricDisableConfirmBody) => client.call(endpoints.confirmBiometricDisableAll, { body }),
    listPasskeys: (options?: ReadOptions) => client.call(endpoints.listPasskeys, options),
    renamePasskey: (id: string, body: RenamePasskeyBody) => client.call(endpoints.renamePasskey, { body, pathParams: { id } }),
    removePasskey: (id: string) => client.call(endpoints.removePasskey, { pathParams: { id } }),
    passkeySignInOptions: () => client.call(endpoints.passkeySignInOptions, { body: {} }),
    passkeySignIn: (body: PasskeySignInBody) => client.call(endpoints.passkeySignIn, { body }),
    stepUpOptions: (body: StepUpActionBody) => client.call(endpoints.stepUpOptions, { body }),
    stepUpCode: (body: StepUpActionBody) => client.call(endpoints.stepUpCode, { body }),
    stepUpVerify: (body: StepUpVerifyBody) => client.call(endpoints.stepUpVerify, { body }),
    removePhone: () => client.call(endpoints.removePhone, { body: {} }),
    changePassword: (body: ChangePasswordBody) => client.call(endpoints.changePassword, { body }),
    // Polled by the balances machine: a background request, so it never keeps a session awake.
    getSummaryBalance: (options?: ReadOptions) => client.call(endpoints.getSummaryBalance, { ...options, activity: ACTIVITY.background }),
    listActivities: (query: ActivitiesQueryInput, options?: ReadOptions) => client.call(endpoints.listActivities, { ...options, query }),
    listChains: (options?: ReadOptions) => client.call(endpoints.listChains, options),
    getDepositLink: (hash: string, options?: ReadOptions) => client.call(endpoints.getDepositLink, { ...options, pathParams: { hash } }),
    createDepositLink: (body: CreateDepositLinkBody) => client.call(endpoints.createDepositLink, { body }),
    reportDepositLinkPayment: (hash: string, body: DepositLinkPaymentBody) =>
      client.call(endpoints.reportDepositLinkPayment, { body, pathParams: { hash } }),
    getDepositAddress: (query: DepositAddressQuery, options?: ReadOptions) =>
      client.call(endpoints.getDepositAddress, { ...options, query }),
    // Followed while the deposit screen is open: the customer's own looking, not a reason to stay signed in.
    listDeposits: (query: { asset: CryptoAsset }, options?: ReadOptions) =>
      client.call(endpoints.listDeposits, { ...options, query, activity: ACTIVITY.background }),
    getAccount: (id: string, options?: ReadOptions) => client.call(endpoints.getAccount, { ...options, pathParams: { id } }),
    getActivity: (id: string, options?: ReadOptions) => client.call(endpoints.getActivity, { ...options, pathParams: { id } }),
    openAccount: (body: OpenAccountBody) => client.call(endpoints.openAccount, { body }),
    downloadStatement: (query: StatementQuery) => client.download(endpoints.getStatement, { query }),
    // Card accounts: a credit line against crypto collateral, and its cards.
    createCardAccount: () => client.call(endpoints.createAccountsCard, { body: {} }),
    listCardAccounts: (options?: ReadOptions) => client.call(endpoints.listCardAccounts, options),
    getCardAccount: (accountId: string, options?: ReadOptions) =>
      client.call(endpoints.getCardAccount, { ...options, pathParams: { accountId } }),
    repayCardAccount: (accountId: string, body: RepayBody, idempotencyKey: string) =>
      client.call(endpoints.repayCardAccount, { body, idempotencyKey, pathParams: { accountId } }),
    getCollateral: (accountId: string, options?: ReadOptions) =>
      client.call(endpoints.getCollateral, { ...options, pathParams: { accountId } }),
    previewCollateral: (accountId: string, query: CollateralPreviewQuery, options?: ReadOptions) =>
      client.call(endpoints.previewCollateral, { ...options, query, pathParams: { accountId } }),
    moveCollateral: (accountId: string, direction: 'add' | 'withdraw', body: CollateralMoveBody, idempotencyKey: string) =>
      client.call(direction === 'add' ? endpoints.addCollateral : endpoints.withdrawCollateral, {
        body,
        idempotencyKey,
        pathParams: { accountId },
      }),
    listCards: (accountId: string, options?: ReadOptions) => client.call(endpoints.listCards, { ...options, pathParams: { accountId } }),
    issueCard: (accountId: string, form: CardForm) => client.call(endpoints.issueCard, { body: { form }, pathParams: { accountId } }),
    setCardFrozen: (cardId: string, frozen: boolean) =>
      client.call(frozen ? endpoints.freezeCard : endpoints.unfreezeCard, { body: {}, pathParams: { cardId } }),
    activateCard: (cardId: string) => client.call(endpoints.activateCard, { body: {}, pathParams: { cardId } }),
    updateCardControls: (cardId: string, body: CardControlsBody) =>
      client.call(endpoints.updateCardControls, { body, pathParams: { cardId } }),
    revealCard: (cardId: string) => client.call(endpoints.revealCard, { body: {}, pathParams: { cardId } }),
    // The simulation area (demo mode): money POSTs carry the caller's Idempotency-Key.
    listSimulationAccounts: (options?: ReadOptions) => client.call(endpoints.listSimulationAccounts, options),
    simulateBankTransfer: (body: SimulateBankTransferBody, idempotencyKey: string) =>
      client.call(endpoints.simulateBankTransfer, { body, idempotencyKey }),
    simulateCryptoDeposit: (body: SimulateCryptoDepositBody, idempotencyKey: string) =>
      client.call(endpoints.simulateCryptoDeposit, { body, idempotencyKey }),
    simulateCardAuthorization: (body: CardAuthorizationBody, idempotencyKey: string) =>
      client.call(endpoints.simulateCardAuthorization, { body, idempotencyKey }),
    listAdminCustomers: (query: { q?: string }, options?: ReadOptions) => client.call(endpoints.listAdminCustomers, { ...options, query }),
    adjustAccount: (body: AdjustmentBody, idempotencyKey: string) => client.call(endpoints.adjustAccount, { body, idempotencyKey }),
    listAdminOutbox: (query: { to?: string }, options?: ReadOptions) => client.call(endpoints.listAdminOutbox, { ...options, query }),
    listAuditLog: (options?: ReadOptions) => client.call(endpoints.listAuditLog, options),
    setRates: (body: SetRatesBody) => client.call(endpoints.setRates, { body }),
    createQuote: (body: QuoteBody) => client.call(endpoints.createQuote, { body }),
    createTransfer: (body: TransferBody, idempotencyKey: string) => client.call(endpoints.createTransfer, { body, idempotencyKey }),
    listWithdrawalAddresses: () => client.call(endpoints.listWithdrawalAddresses),
    addWithdrawalAddress: (body: AddWithdrawalAddressBody) => client.call(endpoints.addWithdrawalAddress, { body }),
    createWithdrawalQuote: (body: WithdrawalQuoteBody) => client.call(endpoints.createWithdrawalQuote, { body }),
    createWithdrawal: (body: WithdrawalBody, idempotencyKey: string) => client.call(endpoints.createWithdrawal, { body, idempotencyKey }),
    getWithdrawal: (id: string) => client.call(endpoints.getWithdrawal, { pathParams: { id } }),
    // Identity checks.
    getKyc: (options?: ReadOptions) => client.call(endpoints.getKyc, options),
    saveKycDocument: (body: KycDocumentBody) => client.call(endpoints.saveKycDocument, { body }),
    uploadKycDocument: (side: KycDocumentSide, file: Blob) => {
      const form = new FormData();
      form.set('file', file);
      return client.upload(endpoints.uploadKycDocument, form, { pathParams: { side } });
    },
    downloadKycFile: (id: string) => client.download(endpoints.downloadKycFile, { pathParams: { id } }),
    saveKycQuestionnaire: (answers: QuestionnaireAnswers) => client.call(endpoints.saveKycQuestionnaire, { body: { answers } }),
    signKyc: (body: KycSignatureBody) => client.call(endpoints.signKyc, { body }),
    submitKyc: () => client.call(endpoints.submitKyc),
    listKycReviews: (options?: ReadOptions) => client.call(endpoints.listKycReviews, options),
    decideKyc: (userId: string, body: KycDecisionBody) => client.call(endpoints.decideKyc, { body, pathParams: { userId } }),
    // Top-ups by bank transfer and voucher code, and the admins' tools for them.
    getFiatTopUpDetails: (options?: ReadOptions) => client.call(endpoints.getFiatTopUpDetails, options),
    redeemVoucher: (body: RedeemVoucherBody, idempotencyKey: string) => client.call(endpoints.redeemVoucher, { body, idempotencyKey }),
    createVoucher: (body: CreateVoucherBody) => client.call(endpoints.createVoucher, { body }),
    listHeldTransfers: (options?: ReadOptions) => client.call(endpoints.listHeldTransfers, options),
    assignHeldTransfer: (id: string, body: AssignHeldTransferBody, idempotencyKey: string) =>
      client.call(endpoints.assignHeldTransfer, { pathParams: { id }, body, idempotencyKey }),
    returnHeldTransfer: (id: string, body: ReturnHeldTransferBody, idempotencyKey: string) =>
      client.call(endpoints.returnHeldTransfer, { pathParams: { id }, body, idempotencyKey }),
    createPayLink: (body: CreatePayLinkBody) => client.call(endpoints.createPayLink, { body }),
    listPayLinks: (options?: ReadOptions) => client.call(endpoints.listPayLinks, options),
    getPayLink: (hash: string) => client.call(endpoints.getPayLink, { pathParams: { hash } }),
    // The requester's page polls when the live stream is not there: background, never keeps a session awake.
    getPayLinkInBackground: (hash: string) => client.call(endpoints.getPayLink, { pathParams: { hash }, activity: ACTIVITY.background }),
    cancelPayLink: (hash: string) => client.call(endpoints.cancelPayLink, { body: {}, pathParams: { hash } }),
    quotePayLink: (hash: string, fromAccountId: string) =>
      client.call(endpoints.quotePayLink, { body: { fromAccountId }, pathParams: { hash } }),
    payPayLink: (hash: string, body: PayPayLinkBody, idempotencyKey: string) =>
      client.call(endpoints.payPayLink, { body, pathParams: { hash }, idempotencyKey }),
    getChatWidget: (options?: ReadOptions) => client.call(endpoints.getChatWidget, options),
    // Push and the in-app notifications list.
    getPushConfig: (options?: ReadOptions) => client.call(endpoints.getPushConfig, options),
    subscribePush: (body: PushSubscriptionBody) => client.call(endpoints.subscribePush, { body }),
    // The bell's unread count refreshes on its own: background, never keeps a session awake.
    getNotifications: (options?: ReadOptions) => client.call(endpoints.getNotifications, { ...options, activity: ACTIVITY.background }),
    markNotificationsRead: (upToId: string) => client.call(endpoints.markNotificationsRead, { body: { upToId } }),
  };
}

export type Api = ReturnType<typeof createApi>;

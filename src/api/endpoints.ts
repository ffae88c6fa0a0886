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
} from '../../contract';
import type { StatementQuery } from '../../contract/statements';
import type { CreateDepositLinkBody } from '../../contract/depositLinks';
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
    listChains: (options?: ReadOptions) => client.call(endpoints.listChains, options),
    getDepositLink: (hash: string, options?: ReadOptions) => client.call(endpoints.getDepositLink, { ...options, pathParams: { hash } }),
    createDepositLink: (body: CreateDepositLinkBody) => client.call(endpoints.createDepositLink, { body }),
    getSummaryBalance: (options?: ReadOptions) => client.call(endpoints.getSummaryBalance, { ...options, activity: ACTIVITY.background }),
    listActivities: (query: ActivitiesQueryInput, options?: ReadOptions) => client.call(endpoints.listActivities, { ...options, query }),
    getAccount: (id: string, options?: ReadOptions) => client.call(endpoints.getAccount, { ...options, pathParams: { id } }),
    openAccount: (body: OpenAccountBody) => client.call(endpoints.openAccount, { body }),
    downloadStatement: (query: StatementQuery) => client.download(endpoints.getStatement, { query }),
    // The simulation area (demo mode): money POSTs carry the caller's Idempotency-Key.
    listSimulationAccounts: (options?: ReadOptions) => client.call(endpoints.listSimulationAccounts, options),
    simulateBankTransfer: (body: SimulateBankTransferBody, idempotencyKey: string) =>
      client.call(endpoints.simulateBankTransfer, { body, idempotencyKey }),
    simulateCryptoDeposit: (body: SimulateCryptoDepositBody, idempotencyKey: string) =>
      client.call(endpoints.simulateCryptoDeposit, { body, idempotencyKey }),
    listAdminCustomers: (query: { q?: string }, options?: ReadOptions) => client.call(endpoints.listAdminCustomers, { ...options, query }),
    adjustAccount: (body: AdjustmentBody, idempotencyKey: string) => client.call(endpoints.adjustAccount, { body, idempotencyKey }),
    listAdminOutbox: (query: { to?: string }, options?: ReadOptions) => client.call(endpoints.listAdminOutbox, { ...options, query }),
    listAuditLog: (options?: ReadOptions) => client.call(endpoints.listAuditLog, options),
    setRates: (body: SetRatesBody) => client.call(endpoints.setRates, { body }),
  };
}

export type Api = ReturnType<typeof createApi>;

import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi, type ReadOptions } from './endpoints';
import type {
  ForgotPasswordBody,
  LoginBody,
  PasskeySignInBody,
  PromoCodeBody,
  RegisterBody,
  ResetPasswordBody,
  StartSocialSignInBody,
  VerifyEmailBody,
} from '../../contract';
import type { ResendTwoFactorBody, VerifyTwoFactorBody } from '../../contract/phone';
import type { PhoneRecoveryCancelBody, PhoneRecoveryConfirmBody, PhoneRecoveryStartBody } from '../../contract/phoneRecovery';

/** Signing in and up: password, SMS code, phone recovery, social and passkey sign-in, registration, password reset. */
export const authApi = defineApi((client) => ({
  login: (body: LoginBody) => client.call(routes.login, { body }),
  verifyTwoFactor: (body: VerifyTwoFactorBody) => client.call(routes.verifyTwoFactor, { body }),
  resendTwoFactor: (body: ResendTwoFactorBody) => client.call(routes.resendTwoFactor, { body }),
  startPhoneRecovery: (body: PhoneRecoveryStartBody) => client.call(routes.startPhoneRecovery, { body }),
  confirmPhoneRecovery: (body: PhoneRecoveryConfirmBody) => client.call(routes.confirmPhoneRecovery, { body }),
  cancelPhoneRecovery: (body: PhoneRecoveryCancelBody) => client.call(routes.cancelPhoneRecovery, { body }),
  getPhoneRecovery: (options?: ReadOptions) => client.call(routes.getPhoneRecovery, options),
  register: (body: RegisterBody) => client.call(routes.register, { body }),
  verifyEmail: (body: VerifyEmailBody) => client.call(routes.verifyEmail, { body }),
  resendVerificationEmail: () => client.call(routes.resendVerificationEmail, { body: {} }),
  redeemPromoCode: (body: PromoCodeBody) => client.call(routes.redeemPromoCode, { body }),
  forgotPassword: (body: ForgotPasswordBody) => client.call(routes.forgotPassword, { body }),
  resetPassword: (body: ResetPasswordBody) => client.call(routes.resetPassword, { body }),
  startSocialSignIn: (body: StartSocialSignInBody) => client.call(routes.startSocialSignIn, { body }),
  passkeySignInOptions: () => client.call(routes.passkeySignInOptions, { body: {} }),
  passkeySignIn: (body: PasskeySignInBody) => client.call(routes.passkeySignIn, { body }),
}));

import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi, type ReadOptions } from './endpoints';
import type {
  BiometricDisableConfirmBody,
  BiometricEnableConfirmBody,
  ChangePasswordBody,
  RenamePasskeyBody,
  RevokeSessionBody,
} from '../../contract';
import type { PhoneCodeBody, SetPhoneBody, UpdatePhoneBody } from '../../contract/phone';

/** The profile's security: phone number, password, sessions, security activity and passkeys. */
export const securityApi = defineApi((client) => ({
  setPhone: (body: SetPhoneBody) => client.call(routes.setPhone, { body }),
  confirmPhone: (body: PhoneCodeBody) => client.call(routes.confirmPhone, { body }),
  updatePhone: (body: UpdatePhoneBody) => client.call(routes.updatePhone, { body }),
  confirmUpdatePhone: (body: PhoneCodeBody) => client.call(routes.confirmUpdatePhone, { body }),
  confirmUpdatePhoneSms: (body: PhoneCodeBody) => client.call(routes.confirmUpdatePhoneSms, { body }),
  listSessions: (options?: ReadOptions) => client.call(routes.listSessions, options),
  getSecurityActivity: (query: { cursor?: string }, options?: ReadOptions) =>
    client.call(routes.getSecurityActivity, { ...options, query }),
  revokeSession: (body: RevokeSessionBody) => client.call(routes.revokeSession, { body }),
  revokeOtherSessions: () => client.call(routes.revokeOtherSessions, { body: {} }),
  revokeAllSessions: () => client.call(routes.revokeAllSessions, { body: {} }),
  getValidationStatus: (options?: ReadOptions) => client.call(routes.getValidationStatus, options),
  requestBiometricEnable: () => client.call(routes.requestBiometricEnable, { body: {} }),
  confirmBiometricEnable: (body: BiometricEnableConfirmBody) => client.call(routes.confirmBiometricEnable, { body }),
  requestBiometricDisableAll: () => client.call(routes.requestBiometricDisableAll, { body: {} }),
  confirmBiometricDisableAll: (body: BiometricDisableConfirmBody) => client.call(routes.confirmBiometricDisableAll, { body }),
  listPasskeys: (options?: ReadOptions) => client.call(routes.listPasskeys, options),
  renamePasskey: (id: string, body: RenamePasskeyBody) => client.call(routes.renamePasskey, { body, pathParams: { id } }),
  removePasskey: (id: string) => client.call(routes.removePasskey, { pathParams: { id } }),
  removePhone: () => client.call(routes.removePhone, { body: {} }),
  changePassword: (body: ChangePasswordBody) => client.call(routes.changePassword, { body }),
}));

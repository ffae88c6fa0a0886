import { fromPromise } from 'xstate';
import { securityApi } from '../../api/security';
import type { biometricMachine } from '../../../machines/biometric/biometric.machine';
import { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import { confirmPasskeyEnrolment, createPasskeyCredential, requestPasskeyEnrolment } from '../../auth/passkeys';
import type { FlowHost } from './host';
import { stepUpActors } from './stepUp';
import { unwrap } from './unwrap';

/** Passkeys on the security page: enrolment after the step-up, removing one after the step-up, and removing them all. */
export function biometricActors({ client, log, queryClient }: FlowHost) {
  const api = securityApi(client);
  return {
    actors: {
      loadStatus: fromPromise(() => unwrap(api.getValidationStatus())),
      requestEnable: fromPromise(() => requestPasskeyEnrolment(api)),
      confirmEnableCode: fromPromise(({ input }) => confirmPasskeyEnrolment(api, { code_token: input.codeToken, code: input.code })),
      createPasskey: fromPromise(({ input }) => createPasskeyCredential(input.options ?? undefined)),
      confirmEnable: fromPromise(({ input }) => confirmPasskeyEnrolment(api, { code_token: input.codeToken, response: input.response })),
      // A code the section has no words for is said by the step's own message (PasskeysSection).
      requestDisable: fromPromise(() => unwrap(api.requestBiometricDisableAll())),
      stepUp: stepUpMachine.provide(stepUpActors({ client })),
      removePasskey: fromPromise(({ input }) => unwrap(api.removePasskey(input.id))),
      confirmDisable: fromPromise(({ input }) => unwrap(api.confirmBiometricDisableAll({ code_token: input.codeToken, code: input.code }))),
    },
    actions: {
      logFailure: (_, { failure }) => log(`Passkeys: ${failure.step} failed (${failure.code})`, failure.message),
      passkeysChanged: () => void queryClient.invalidateQueries({ queryKey: ['passkeys'] }),
    },
  } satisfies Parameters<typeof biometricMachine.provide>[0];
}

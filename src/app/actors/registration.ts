import { fromPromise } from 'xstate';
import { authApi } from '../../api/auth';
import { securityApi } from '../../api/security';
import { localizePath, type CountryCode } from '../../../contract';
import { REGISTRATION_STEPS, type registrationMachine } from '../../../machines/registration/registration.machine';
import { enrolPasskey } from '../../auth/passkeys';
import { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import { stepUpActors } from './stepUp';
import { STORAGE_KEYS, safeStorage } from '../../platform/storage';
import { unwrap } from './unwrap';
import type { FlowHost } from './host';

/** The sign-up wizard: account, promo code, e-mail verification, passkey; each step is a page. */
export function registrationActors({ client, navigate, currentLocale, refreshCookies }: FlowHost) {
  const api = authApi(client);
  return {
    actors: {
      register: fromPromise(async ({ input }) => {
        const refCode = safeStorage('local')?.getItem(STORAGE_KEYS.refCode) ?? undefined;
        const answer = await unwrap(
          api.register({
            email: input.email,
            password: input.password,
            country: input.country as CountryCode,
            // The machine registers only with the terms accepted (its model checks this).
            acceptTerms: true,
            language: currentLocale(),
            ...(refCode ? { refCode } : {}),
          }),
        );
        refreshCookies();
        return { resendAfterSeconds: answer.resendAfterSeconds };
      }),
      redeemPromoCode: fromPromise(async ({ input }) => {
        const answer = await unwrap(api.redeemPromoCode({ code: input.code }));
        return { code: answer.code };
      }),
      verifyEmail: fromPromise(async ({ input }) => {
        await unwrap(api.verifyEmail({ code: input.code }));
      }),
      resendCode: fromPromise(async () => {
        const answer = await unwrap(api.resendVerificationEmail());
        return { resendAfterSeconds: answer.resendAfterSeconds };
      }),
      // Throws a failure: its code (and, for the browser's NotAllowedError, its message) reaches the screen.
      stepUp: stepUpMachine.provide(stepUpActors({ client })),
      createPasskey: fromPromise(async () => {
        await enrolPasskey(securityApi(client));
      }),
    },
    actions: {
      showStep: (_, { step, replace }) => {
        const path = localizePath(REGISTRATION_STEPS[step], currentLocale());
        if (window.location.pathname !== path) navigate(path, { replace });
      },
    },
  } satisfies Parameters<typeof registrationMachine.provide>[0];
}

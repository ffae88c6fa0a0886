import { fromPromise } from 'xstate';
import { authApi } from '../../api/auth';
import { securityApi } from '../../api/security';
import { localizePath, type CountryCode } from '../../../contract';
import { REGISTRATION_STEPS, type registrationMachine } from '../../../machines/registration.machine';
import { enrolPasskey } from '../../auth/passkeys';
import { stepUpMachine } from '../../../machines/stepUp.machine';
import { stepUpActors } from './stepUp';
import { STORAGE_KEYS, safeStorage } from '../../platform/storage';
import { failure } from './failure';
import type { FlowHost } from './host';

/** The sign-up wizard: account, promo code, e-mail verification, passkey; each step is a page. */
export function registrationActors({ client, navigate, currentLocale, refreshCookies }: FlowHost) {
  const api = authApi(client);
  return {
    actors: {
      register: fromPromise(async ({ input }) => {
        const refCode = safeStorage('local')?.getItem(STORAGE_KEYS.refCode) ?? undefined;
        const result = await api.register({
          email: input.email,
          password: input.password,
          country: input.country as CountryCode,
          // The machine registers only with the terms accepted (its model checks this).
          acceptTerms: true,
          language: currentLocale(),
          ...(refCode ? { refCode } : {}),
        });
        if (!result.ok) throw failure(result.error);
        refreshCookies();
        return { resendAfterSeconds: result.data.resendAfterSeconds };
      }),
      redeemPromoCode: fromPromise(async ({ input }) => {
        const result = await api.redeemPromoCode({ code: input.code });
        if (!result.ok) throw failure(result.error);
        return { code: result.data.code };
      }),
      verifyEmail: fromPromise(async ({ input }) => {
        const result = await api.verifyEmail({ code: input.code });
        if (!result.ok) throw failure(result.error);
      }),
      resendCode: fromPromise(async () => {
        const result = await api.resendVerificationEmail();
        if (!result.ok) throw failure(result.error);
        return { resendAfterSeconds: result.data.resendAfterSeconds };
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

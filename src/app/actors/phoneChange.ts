import { fromPromise } from 'xstate';
import { securityApi } from '../../api/security';
import type { phoneChangeMachine, PhoneCodeRoute, PhoneProfile } from '../../../machines/phoneChange.machine';
import { stepUpMachine } from '../../../machines/stepUp.machine';
import { failure } from './failure';
import { stepUpActors } from './stepUp';
import { unwrap } from './unwrap';
import type { FlowHost } from './host';

/** Setting, changing or removing the phone on the security page, after the step-up. */
export function phoneChangeActors({ api: shell, client }: FlowHost) {
  const api = securityApi(client);
  const requestPhoneCode = fromPromise<{ resendAfterSeconds: number }, { phone: string; route: PhoneCodeRoute }>(async ({ input }) => {
    const { phone, route } = input;
    const result = route === 'set' ? await api.setPhone({ phone }) : await api.updatePhone({ phone, channel: route });
    if (!result.ok) throw failure(result.error);
    return { resendAfterSeconds: result.data.resendAfterSeconds };
  });
  return {
    actors: {
      loadPhone: fromPromise<PhoneProfile, void>(async () => {
        const result = await shell.getMe();
        if (!result.ok) throw failure(result.error);
        const me = result.data;
        return { email: me.email, country: me.country, phone: me.phoneConfirmed ? me.phone : null };
      }),
      stepUp: stepUpMachine.provide(stepUpActors({ client })),
      removePhone: fromPromise<unknown, void>(() => unwrap(api.removePhone())),
      requestCode: requestPhoneCode,
      resendCode: requestPhoneCode,
      confirmEmailCode: fromPromise<{ resendAfterSeconds: number }, { code: string }>(async ({ input }) => {
        const result = await api.confirmUpdatePhone({ code: input.code });
        if (!result.ok) throw failure(result.error);
        return { resendAfterSeconds: result.data.resendAfterSeconds };
      }),
      // The e-mail route never gets here: its code goes to confirmEmailCode, and its SMS code comes as `sms`.
      confirmCode: fromPromise<{ phone: string }, { code: string; route: PhoneCodeRoute }>(async ({ input }) => {
        const confirm = input.route === 'set' ? api.confirmPhone : api.confirmUpdatePhoneSms;
        const result = await confirm({ code: input.code });
        if (!result.ok) throw failure(result.error);
        if (!result.data.phone) throw new Error('The confirmed profile has no phone');
        return { phone: result.data.phone };
      }),
    },
  } satisfies Parameters<typeof phoneChangeMachine.provide>[0];
}

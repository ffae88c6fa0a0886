import { fromPromise } from 'xstate';
import { securityApi } from '../../api/security';
import type { phoneChangeMachine, PhoneCodeRoute, PhoneProfile } from '../../../machines/phoneChange/phoneChange.machine';
import { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import { stepUpActors } from './stepUp';
import { unwrap } from './unwrap';
import type { FlowHost } from './host';

/** Setting, changing or removing the phone on the security page, after the step-up. */
export function phoneChangeActors({ api: shell, client }: FlowHost) {
  const api = securityApi(client);
  const requestPhoneCode = fromPromise<{ resendAfterSeconds: number }, { phone: string; route: PhoneCodeRoute }>(async ({ input }) => {
    const { phone, route } = input;
    const answer = await unwrap(route === 'set' ? api.setPhone({ phone }) : api.updatePhone({ phone, channel: route }));
    return { resendAfterSeconds: answer.resendAfterSeconds };
  });
  return {
    actors: {
      loadPhone: fromPromise<PhoneProfile, void>(async () => {
        const me = await unwrap(shell.getMe());
        return { email: me.email, country: me.country, phone: me.phoneConfirmed ? me.phone : null };
      }),
      stepUp: stepUpMachine.provide(stepUpActors({ client })),
      removePhone: fromPromise<unknown, void>(() => unwrap(api.removePhone())),
      requestCode: requestPhoneCode,
      resendCode: requestPhoneCode,
      confirmEmailCode: fromPromise<{ resendAfterSeconds: number }, { code: string }>(async ({ input }) => {
        const answer = await unwrap(api.confirmUpdatePhone({ code: input.code }));
        return { resendAfterSeconds: answer.resendAfterSeconds };
      }),
      // The e-mail route never gets here: its code goes to confirmEmailCode, and its SMS code comes as `sms`.
      confirmCode: fromPromise<{ phone: string }, { code: string; route: PhoneCodeRoute }>(async ({ input }) => {
        const confirm = input.route === 'set' ? api.confirmPhone : api.confirmUpdatePhoneSms;
        const answer = await unwrap(confirm({ code: input.code }));
        if (!answer.phone) throw new Error('The confirmed profile has no phone');
        return { phone: answer.phone };
      }),
    },
  } satisfies Parameters<typeof phoneChangeMachine.provide>[0];
}

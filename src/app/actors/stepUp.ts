import { fromPromise } from 'xstate';
import { stepUpApi } from '../../api/stepUp';
import type { CodeChannel } from '../../../contract';
import type { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import { getPasskeyAssertion } from '../../auth/passkeys';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/** The one step-up, as every flow that needs it runs it (the flows invoke `stepUpMachine` provided with these). */
export function stepUpActors({ client }: Pick<FlowHost, 'client'>) {
  const api = stepUpApi(client);
  const sendCode = fromPromise<
    { channel: CodeChannel; resendAfterSeconds: number },
    { action: Parameters<typeof api.stepUpCode>[0]['action'] }
  >(({ input }) => unwrap(api.stepUpCode({ action: input.action })));
  return {
    actors: {
      // Closing the sheet while the options load stops this actor: the request is abandoned with it.
      loadOptions: fromPromise(({ input, signal }) => unwrap(api.stepUpOptions({ action: input.action }, { signal }))),
      getAssertion: fromPromise(({ input }) => getPasskeyAssertion(input.options)),
      verifyPasskey: fromPromise(({ input }) => unwrap(api.stepUpVerify({ action: input.action, response: input.response }))),
      sendCode,
      resendCode: sendCode,
      verifyCode: fromPromise(({ input }) => unwrap(api.stepUpVerify({ action: input.action, code: input.code }))),
    },
  } satisfies Parameters<typeof stepUpMachine.provide>[0];
}

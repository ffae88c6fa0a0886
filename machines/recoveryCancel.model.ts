import type { FlowModel } from './graph/model';
import { recoveryCancelMachine } from './recoveryCancel.machine';

const TOKEN = 'A'.repeat(20) + '_-' + 'b'.repeat(21);

export const recoveryCancelModel = {
  inputs: {
    'a link from the e-mail or the SMS': { token: TOKEN },
    'a link cut short': { token: 'abc' },
    'no token': { token: null },
  },
  events: { CANCEL_CONFIRMED: { 'cancel the removal': {} } },
  actors: {
    cancelRecovery: {
      done: { cancelled: undefined },
      error: {
        'used already': { code: 'recovery_not_found' },
        'too many tries': { code: 'rate_limited', retryAfterSeconds: 60 },
        offline: { code: 'network_error' },
      },
    },
  },
  invariants: {
    awaitingConfirmation: (s) => (s.context.token?.length ?? 0) === 43 || 'offers to cancel with no usable token',
    cancelling: (s) => s.context.failure === null || 'cancels while showing an old error',
    cancelled: (s) => s.status === 'done' || 'keeps asking after the recovery was cancelled',
    linkInvalid: (s) => s.status === 'done' || 'offers a button for a dead link',
  },
} satisfies FlowModel<typeof recoveryCancelMachine>;

import type { FlowModel } from './graph/model';
import { resendCooldownMachine } from './resendCooldown.machine';

export const resendCooldownModel = {
  inputs: {
    'two seconds to wait': { seconds: 2 },
    'one and a half seconds to wait': { seconds: 1.5 },
    'nothing to wait': { seconds: 0 },
  },
  events: {},
  invariants: {
    counting: (s) => s.context.secondsLeft > 0 || 'counting down with no second left',
    over: (s) => (s.status === 'done' && s.context.secondsLeft === 0) || 'over with seconds left',
  },
} satisfies FlowModel<typeof resendCooldownMachine>;

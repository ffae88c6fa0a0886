import type { FlowModel } from './graph/model';
import { phoneChangeMachine } from './phoneChange.machine';

const current = '+4915123456789';
const next = '+4915198765432';

export const phoneChangeModel = {
  events: {
    EDIT_STARTED: { 'add or change': {} },
    NUMBER_SUBMITTED: {
      'a valid new number': { country: 'DE', national: '0151 98765432', e164: next },
      'nothing typed': { country: 'DE', national: ' ', e164: null },
      'too few digits': { country: 'DE', national: '0151', e164: null },
      'the current number': { country: 'DE', national: '0151 23456789', e164: current },
    },
    CHANNEL_CHOSEN: { 'by e-mail': { channel: 'email' }, 'by SMS': { channel: 'sms' } },
    CODE_SUBMITTED: { 'the code': { code: '123456' }, 'four digits': { code: '1234' } },
    RESEND_REQUESTED: { 'send a new code': {} },
    CANCELLED: { cancel: {} },
    RETRY: { 'try again': {} },
  },
  actors: {
    loadPhone: {
      done: {
        'no phone yet': { email: 'ann@example.test', country: 'DE', phone: null },
        'a confirmed phone': { email: 'ann@example.test', country: 'DE', phone: current },
      },
      error: { offline: { code: 'network_error' } },
    },
    requestCode: {
      done: { sent: { resendAfterSeconds: 1 } },
      error: {
        'number taken': { code: 'phone_taken' },
        'too soon': { code: 'rate_limited', retryAfterSeconds: 20 },
        offline: { code: 'network_error' },
      },
    },
    resendCode: {
      done: { 'sent again': { resendAfterSeconds: 1 } },
      error: { 'too soon': { code: 'rate_limited', retryAfterSeconds: 1 }, offline: { code: 'network_error' } },
    },
    confirmCode: {
      done: { confirmed: { phone: next } },
      error: { 'wrong code': { code: 'code_invalid' }, 'taken meanwhile': { code: 'phone_taken' } },
    },
  },
  // Only what changes what the flow can do next; which error is shown does not.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.phone !== null,
      s.context.route,
      s.context.numberError !== null,
      s.context.failure !== null,
      s.context.resendFailure !== null,
      s.context.resendInSeconds,
    ]),
  invariants: {
    choosingChannel: (s) => (s.context.phone !== null && s.context.newPhone !== null) || 'offers a channel without a change',
    sendingCode: (s) => (s.context.newPhone !== null && s.context.newPhone !== s.context.phone) || 'sends a code for no new number',
    codeStep: (s) =>
      (s.context.route === 'set') === (s.context.phone === null) ||
      'a first number must be confirmed by SMS, a change by the customer’s choice',
    'codeStep.code.confirming': (s) => s.context.failure === null || 'confirms while showing an old error',
    'codeStep.resend.coolingDown': (s) => s.context.resendInSeconds > 0 || 'counting down with nothing left to wait',
    'codeStep.resend.ready': (s) => s.context.resendInSeconds <= 0 || 'resend offered before the wait is over',
    idle: (s) => !s.context.saved || s.context.phone !== null || 'says saved without a phone',
  },
} satisfies FlowModel<typeof phoneChangeMachine>;

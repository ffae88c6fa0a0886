import { biometricMachine } from './biometric.machine';
import type { FlowModel } from './graph/model';

const options = {
  rp: { name: 'Meridian', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'ann@example.test', displayName: 'Ann' },
  challenge: 'Y2hhbGxlbmdl',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
};
const response = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
};
const passkey = {
  id: 'Y3JlZA',
  name: 'Passkey',
  provider: 'Passkey',
  backedUp: true,
  createdAt: '2026-03-02T09:00:00.000Z',
  lastUsedAt: null,
};

export const biometricModel = {
  events: {
    ENABLE_REQUESTED: { 'Add a passkey': {} },
    DISABLE_ALL_REQUESTED: { 'Remove all passkeys': {} },
    CODE_SUBMITTED: { 'the code': { code: '123456' } },
    CANCELLED: { cancel: {} },
    STATUS_CHANGED: { 'a passkey removed from the list': {} },
  },
  actors: {
    loadStatus: {
      done: { 'has a passkey': { biometric: { enabled: true } }, 'no passkey': { biometric: { enabled: false } } },
      error: { 'network down': { code: 'network_error' } },
    },
    requestEnable: {
      done: {
        'fresh session, no code needed': { code_token: 'token-1', options, code_required: false },
        'code sent by e-mail': { code_token: 'token-2', options, code_required: true, code_channel: 'email' },
      },
      error: { 'rate-limited': { code: 'rate_limited', retryAfterSeconds: 30 } },
    },
    confirmEnableCode: {
      done: { 'code right': { biometric: { enabled: false }, passkey: null } },
      error: { 'wrong code': { code: 'code_invalid' }, 'code used up': { code: 'code_attempts_exceeded' } },
    },
    createPasskey: {
      done: { 'passkey created': response },
      error: { 'ceremony cancelled': { code: 'webauthn_not_allowed', message: 'The operation either timed out or was not allowed.' } },
    },
    confirmEnable: {
      done: { 'passkey stored': { biometric: { enabled: true }, passkey } },
      error: { 'did not verify': { code: 'passkey_verification_failed' } },
    },
    requestDisable: {
      done: { 'code sent by SMS': { code_token: 'token-3', code_channel: 'sms' } },
      error: { 'server error': { code: 'internal_error' } },
    },
    confirmDisable: {
      done: { 'all removed': { biometric: { enabled: false } } },
      error: { 'wrong code': { code: 'code_invalid' }, 'token expired': { code: 'code_token_invalid' } },
    },
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.enabled, s.context.failure?.code ?? null, s.context.codeToken]),
  invariants: {
    idle: (s) => s.context.codeToken === null || 'the code token must be cleared after each attempt',
    awaitingEnableCode: (s) => s.context.codeToken !== null || 'a code is asked for without a request',
    awaitingDisableCode: (s) => s.context.codeToken !== null || 'a code is asked for without a request',
    registering: (s) => s.context.options !== null || 'a ceremony without creation options',
  },
} satisfies FlowModel<typeof biometricMachine>;

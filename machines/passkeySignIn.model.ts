import { passkeySignInMachine } from './passkeySignIn.machine';
import type { FlowModel } from './graph/model';

const options = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' as const, allowCredentials: [] };
const response = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};

export const passkeySignInModel = {
  inputs: {
    '/login from a payment link': { redirect: '/fr/pay/abc', home: '/fr', autofill: true },
    '/login with an open-redirect attempt': { redirect: '//evil.example', home: '/', autofill: true },
    '/welcome (no e-mail field)': { redirect: null, home: '/', autofill: false },
  },
  events: {
    PASSKEY_CHOSEN: { 'Sign in with a passkey': {} },
  },
  actors: {
    supportsAutofill: {
      done: { 'autofill supported': true, 'no autofill': false },
      error: { 'capability check failed': new Error('capability check failed') },
    },
    fetchOptions: {
      done: { 'options issued': options },
      error: { 'network down': { code: 'network_error' } },
    },
    conditionalAssertion: {
      done: { 'passkey picked from autofill': response },
      error: { 'autofill ended': { code: 'webauthn_aborted' } },
    },
    modalAssertion: {
      done: { 'passkey used': response },
      error: { cancelled: { code: 'webauthn_not_allowed', message: 'The operation either timed out or was not allowed.' } },
    },
    verify: {
      done: { 'signed in': undefined },
      error: { 'passkey removed': { code: 'passkey_unknown' } },
    },
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.failure?.code ?? null]),
  invariants: {
    '*': (s) => !s.context.destination.startsWith('//') || 'the destination after sign-in must stay on this site',
  },
} satisfies FlowModel<typeof passkeySignInMachine>;

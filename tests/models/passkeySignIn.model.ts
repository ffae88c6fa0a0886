import { passkeySignInMachine } from '../../machines/passkeySignIn/passkeySignIn.machine';
import type { FlowModel } from './graph/model';
import { failedCall, inLanguage, PAGE_LANGUAGES, passkeyFailureText, pageTexts, signsIn } from './graph/page';
import { safeRedirectPath } from '../../machines/routeGuard/routeGuard.machine';

const OPTIONS = '**/api/auth/passkey/options';
const VERIFY = '**/api/auth/passkey/verify';

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
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // /login offers passkeys in the e-mail field's autofill too; /welcome has no field, only the button.
    start: ({ redirect, autofill }, language) => {
      if (!autofill) return [{ open: inLanguage('/welcome', language) }];
      const query =
        redirect === null
          ? ''
          : `?${new URLSearchParams({ redirect: safeRedirectPath(redirect) ? inLanguage(redirect, language) : redirect })}`;
      return [{ open: `${inLanguage('/login', language)}${query}` }];
    },
    events: {
      PASSKEY_CHOSEN: (_, before, language) =>
        // The answers come at once: the button is only there to press while the page waits for nothing else.
        before.matches('ready') || before.matches('offeringAutofill')
          ? [{ click: { role: 'button', name: pageTexts(language).passkeys.signIn } }]
          : null,
    },
    actors: {
      supportsAutofill: {
        done: (supported) => [{ passkeys: { autofill: supported ? 'available' : 'unavailable' } }],
        error: () => [{ passkeys: { autofill: 'fails' } }],
      },
      fetchOptions: {
        done: (options) => [{ answer: OPTIONS, method: 'POST', times: 1, json: { options } }],
        error: (error) => [failedCall(OPTIONS, error)],
      },
      conditionalAssertion: {
        done: () => [{ passkeys: { autofillRequest: 'picks' } }],
        error: () => [{ passkeys: { autofillRequest: 'ends' } }],
      },
      modalAssertion: {
        done: () => [{ passkeys: { get: 'answers' } }],
        error: () => [{ passkeys: { get: 'refuses' } }],
      },
      verify: {
        done: () => signsIn(VERIFY),
        error: (error) => [failedCall(VERIFY, error)],
      },
    },
    states: {
      ready: (s, language) => {
        const texts = pageTexts(language);
        const failure = s.context.failure;
        const sentence = failure ? passkeyFailureText(language, failure.code, 'authentication_not_completed') : null;
        return {
          shows: [{ role: 'button', name: texts.passkeys.signIn }, ...(sentence ? [{ role: 'alert' as const, text: sentence }] : [])],
        };
      },
      signedIn: (s, language) => ({ url: inLanguage(s.context.destination, language), cookies: { auth_token: true, refresh_token: true } }),
    },
  },
  notInBrowser: {
    transitions: {
      'verifying → verifying (stays) (PASSKEY_CHOSEN)':
        'The answers come at once, so the button cannot be pressed while a passkey is being verified; the unit replay checks the second press is ignored.',
    },
  },
} satisfies FlowModel<typeof passkeySignInMachine>;

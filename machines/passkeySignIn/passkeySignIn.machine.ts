import { assign, setup } from 'xstate';
import type { AuthenticationResponse, PasskeyRequestOptions } from '../../contract';
import { safeRedirectPath } from '../routeGuard/routeGuard.machine';
import { toFailure, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

interface PasskeySignInContext {
  destination: string;
  /** Whether the page has an e-mail field for autofill (/login); /welcome has none. */
  autofill: boolean;
  failure: Failure | null;
}

type PasskeySignInEvent = { type: 'PASSKEY_CHOSEN' };

export const passkeySignInMachine = setup({
  types: {
    context: {} as PasskeySignInContext,
    input: {} as { redirect: string | null; home: string; autofill: boolean },
    events: {} as PasskeySignInEvent,
    tags: {} as 'busy',
  },
  actors: {
    supportsAutofill: unprovided<boolean>('supportsAutofill'),
    fetchOptions: unprovided<PasskeyRequestOptions>('fetchOptions'),
    /** The silent request behind the e-mail field's autofill; settles only when a passkey is picked. */
    conditionalAssertion: unprovided<AuthenticationResponse, { options: PasskeyRequestOptions }>('conditionalAssertion'),
    /** The modal ceremony, with the Biometric Authentication sheet. */
    modalAssertion: unprovided<AuthenticationResponse, { options: PasskeyRequestOptions }>('modalAssertion'),
    verify: unprovided<void, { response: AuthenticationResponse }>('verify'),
  },
  actions: {
    /** Tells the session it exists now and opens the destination, as password sign-in does. */
    enterApp: (_, _params: { destination: string }) => {},
    /** Records why a passkey sign-in did not go through (the customer sees a translated message). */
    logFailure: (_, _params: { error: unknown }) => {},
    rememberFailure: assign({ failure: (_, params: { error: unknown }) => toFailure(params.error) }),
  },
  guards: {
    autofillWanted: ({ context, event }) => context.autofill && 'output' in event && event.output === true,
  },
}).createMachine({
  id: 'passkeySignIn',
  description:
    'Passkey sign-in on /login and /welcome, beside the password form: the browser offers passkeys in the e-mail field’s autofill as soon as the page opens (where it supports conditional mediation), and “Sign in with a passkey” runs the modal ceremony. Failures are logged and leave the form as it was with “Authentication was not completed”; success opens the app like password sign-in.',
  context: ({ input }) => ({ destination: safeRedirectPath(input.redirect) ?? input.home, autofill: input.autofill, failure: null }),
  initial: 'checkingAutofill',
  on: {
    PASSKEY_CHOSEN: {
      target: '.requestingOptions',
      actions: assign({ failure: null }),
      description: 'The button: a modal ceremony, which also ends a pending autofill request.',
    },
  },
  states: {
    checkingAutofill: {
      description: 'Does the browser offer passkeys in autofill (conditional mediation), and does the page have a field for it?',
      invoke: {
        id: 'supportsAutofill',
        src: 'supportsAutofill',
        onDone: [
          {
            guard: 'autofillWanted',
            target: 'preparingAutofill',
            description: 'The browser offers passkeys in autofill and the page has the field: the silent request is prepared.',
          },
          { target: 'ready', description: 'No autofill here: the form shows with the passkey button.' },
        ],
        onError: { target: 'ready', description: 'The browser could not tell: the form shows with the passkey button.' },
      },
    },
    preparingAutofill: {
      description: "Getting ready to offer the device's saved passkeys without a click.",
      invoke: {
        id: 'fetchOptions',
        src: 'fetchOptions',
        onDone: { target: 'offeringAutofill', description: 'The options arrived: passkeys are offered in the e-mail field’s suggestions.' },
        // Silent: the button still works; nothing to tell the customer.
        onError: {
          target: 'ready',
          description: 'The options could not be had: the failure is logged and the form works as usual.',
          actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    offeringAutofill: {
      description: 'Passkeys are offered in the e-mail field’s suggestions; nothing shows until one is picked.',
      invoke: {
        id: 'conditionalAssertion',
        src: 'conditionalAssertion',
        input: ({ event }) => {
          if (!('output' in event)) throw new Error('conditionalAssertion starts from options');
          return { options: event.output as PasskeyRequestOptions };
        },
        onDone: { target: 'verifying', description: 'The customer picked a passkey from the suggestions: the server checks it.' },
        onError: {
          target: 'ready',
          description: 'The silent request ended without a passkey: logged, the form works as usual.',
          actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {
      description: 'The form with “Sign in with a passkey”, and the last failure if any.',
      meta: { route: '/login' },
    },
    requestingOptions: {
      tags: ['busy'],
      description: 'Getting ready to ask the device for a passkey after the button was pressed.',
      invoke: {
        id: 'fetchOptions',
        src: 'fetchOptions',
        onDone: { target: 'authenticating', description: 'The options arrived: the browser asks for a passkey.' },
        onError: {
          description: 'The options could not be had: the form says the sign-in was not completed.',
          target: 'ready',
          actions: [
            { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    authenticating: {
      tags: ['busy'],
      description: 'The modal ceremony; the Biometric Authentication sheet shows.',
      invoke: {
        id: 'modalAssertion',
        src: 'modalAssertion',
        input: ({ event }) => {
          if (!('output' in event)) throw new Error('modalAssertion starts from options');
          return { options: event.output as PasskeyRequestOptions };
        },
        onDone: { target: 'verifying', description: 'The customer used their passkey: the server checks it.' },
        onError: {
          description: 'Cancelled or failed in the browser: the form says the sign-in was not completed.',
          target: 'ready',
          actions: [
            { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    verifying: {
      tags: ['busy'],
      description: 'Waiting while the server checks the passkey and signs the customer in.',
      on: { PASSKEY_CHOSEN: { description: 'The button does nothing while a passkey is being checked.' } },
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ event }) => {
          if (!('output' in event)) throw new Error('verify starts from the ceremony’s answer');
          return { response: event.output as AuthenticationResponse };
        },
        onDone: {
          description: 'The server accepted the passkey: the session starts and the app opens.',
          target: 'signedIn',
          actions: { type: 'enterApp', params: ({ context }) => ({ destination: context.destination }) },
        },
        onError: {
          description: 'The server refused the passkey: the form says the sign-in was not completed.',
          target: 'ready',
          actions: [
            { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    signedIn: { type: 'final', tags: ['busy'], description: 'The session cookies are set; the app opens the destination.' },
  },
});

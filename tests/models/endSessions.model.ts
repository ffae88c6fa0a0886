import type { SignedInSession } from '../../contract/social';
import { endSessionsMachine, signOutEverywhereMachine } from '../../machines/endSessions/endSessions.machine';
import { inLanguage, pageTexts, withValues, type PageLanguage } from './graph/page';
import type { PageAction, PageExpectation } from './graph/model';
import { sessionCookieJar } from './session.model';
import { writeModel } from './write.model';

const THIS_DEVICE: SignedInSession = {
  id: '6f1d0c52-3f0a-4d1e-9a57-0c2b7e4f8a11',
  browser: 'Chrome',
  os: 'macOS',
  method: 'password',
  ip: '203.0.113.7',
  createdAt: '2026-03-02T09:00:00.000Z',
  lastSeenAt: '2026-03-02T09:30:00.000Z',
  current: true,
};
const PHONE: SignedInSession = { ...THIS_DEVICE, id: '9b2e4a70-8c3d-4f6b-a1e5-7d0f2c9b3e22', browser: 'Safari', os: 'iOS', current: false };

/** /profile/security with this device and one other signed in. */
const securityPage = (language: PageLanguage): PageAction[] => [
  sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
  { answer: '**/api/auth/sessions', method: 'GET', json: { sessions: [THIS_DEVICE, PHONE] } },
  { open: inLanguage('/profile/security', language) },
];

const texts = (language: PageLanguage) => pageTexts(language).sessions;
const button = (name: string) => ({ role: 'button' as const, name });
const signOutPhone = (language: PageLanguage) =>
  button(withValues(texts(language).signOutOne, { device: withValues(texts(language).device, { browser: 'Safari', os: 'iOS' }) }));
/** The section's buttons, and its alert when signing out failed. */
const section = (language: PageLanguage, failed: boolean): PageExpectation => ({
  shows: [
    button(texts(language).signOutOthers),
    button(texts(language).signOutEverywhere),
    ...(failed ? [{ role: 'alert' as const, text: texts(language).signOutFailed }] : []),
  ],
});

export const endSessionsModel = writeModel(endSessionsMachine, {
  inputs: { 'the phone': { sessionId: PHONE.id }, 'every other device': { allOthers: true } },
  done: { 'signed out': { ok: true } },
  errors: { 'the session had ended': { code: 'session_not_found' }, offline: { code: 'network_error' } },
  browser: {
    start: securityPage,
    // Both sign-outs: POST /auth/sessions/revoke and /auth/sessions/revoke-others.
    request: { url: '**/api/auth/sessions/revoke*', method: 'POST' },
    submit: (input, _, language) => [{ click: 'sessionId' in input ? signOutPhone(language) : button(texts(language).signOutOthers) }],
    states: {
      editing: (_, language) => section(language, false),
      done: (_, language) => section(language, false),
      failed: (_, language) => section(language, true),
    },
  },
});

export const signOutEverywhereModel = writeModel(signOutEverywhereMachine, {
  inputs: { everywhere: undefined },
  done: { 'two signed out': { revoked: 2 } },
  errors: { offline: { code: 'network_error' } },
  browser: {
    start: securityPage,
    request: { url: '**/api/auth/sessions/revoke-all', method: 'POST' },
    // Signed out, the page is the welcome page: nothing more to do here.
    submit: (_, before, language) => (before.hasTag('done') ? null : [{ click: button(texts(language).signOutEverywhere) }]),
    confirm: (language) => [{ click: button(texts(language).confirmEverywhereYes) }],
    cancel: (language) => [{ click: button(texts(language).cancel) }],
    states: {
      editing: (_, language) => section(language, false),
      confirming: (_, language) => ({
        shows: [{ shownText: texts(language).confirmEverywhere }, button(texts(language).confirmEverywhereYes)],
        hides: [button(texts(language).signOutEverywhere)],
      }),
      done: (_, language) => ({ url: inLanguage('/welcome', language) }),
      failed: (_, language) => section(language, true),
    },
  },
});

import { splitLocalePath, type RouteRule } from '../../contract';
import { asError } from '../../machines/parts/failure';
import type { FlowModel } from './graph/model';
import type { SnapshotFrom } from 'xstate';
import {
  ROUTE_MIDDLEWARE,
  routeGuardMachine,
  WALLET_PATH_MARKER,
  type CustomerStanding,
  type GuardDecision,
  type NavigationTarget,
  type RouteAccess,
} from '../../machines/routeGuard/routeGuard.machine';
import { sessionCookieJar } from './session.model';
import { SIGNED_IN } from './graph/page';

/**
 * A navigation as `navigationTarget()` (src/routes/target.ts) builds it; `access` and `paramsValid` are
 * what the route table says (tests/model/routeGuard.fixtures.test.ts keeps them honest).
 */
function navigation(
  href: string,
  access: RouteAccess | null,
  hasAuthToken: boolean,
  { paramsValid = true, middleware = [] }: { paramsValid?: boolean; middleware?: string[] } = {},
): { target: NavigationTarget } {
  const [path = '', query] = href.split('?');
  const { locale, basePath } = splitLocalePath(path);
  return { target: { path, search: query ? `?${query}` : '', locale, basePath, access, paramsValid, hasAuthToken, middleware } };
}

/** The rules' `path` does not matter to the machine (the lookup already matched it); the browser binding sets it. */
const ruleInApp: RouteRule = { path: '/old', redirect: '/register/success', external: false, middleware: [] };
const ruleToAnotherSite: RouteRule = { path: '/old', redirect: 'https://status.example.com/', external: true, middleware: [] };
const ruleAddingMiddleware: RouteRule = { path: '/old', external: false, middleware: ['email-verified'] };
const ruleNamingUnknownMiddleware: RouteRule = { path: '/old', external: false, middleware: ['needs-a-unicorn'] };

const standing = (changes: Partial<CustomerStanding> = {}): CustomerStanding => ({
  emailVerified: true,
  phoneConfirmed: true,
  kycApproved: true,
  role: 'customer',
  ...changes,
});

const isKnown = (name: string) => Object.hasOwn(ROUTE_MIDDLEWARE, name);

/** Whether the customer meets every middleware of the navigation (admin included). */
function meets(middleware: string[], customer: CustomerStanding | null): boolean {
  if (middleware.length === 0) return true;
  if (!customer || !middleware.every(isKnown)) return false;
  return (
    (!middleware.includes('admin') || customer.role === 'admin') &&
    (!middleware.includes('email-verified') || customer.emailVerified) &&
    (!middleware.includes('phone-confirmed') || customer.phoneConfirmed) &&
    (!middleware.includes('kyc-approved') || customer.kycApproved)
  );
}

/** The decision of a decided snapshot, narrowed to the kind its state implies. */
function decisionOf<K extends GuardDecision['kind']>(s: SnapshotFrom<typeof routeGuardMachine>, kind: K) {
  const decision = s.context.decision;
  if (decision?.kind !== kind) throw new Error(`expected a ${kind} decision, found ${JSON.stringify(decision)}`);
  return decision as Extract<GuardDecision, { kind: K }>;
}

export const routeGuardModel = {
  events: {
    NAVIGATED: {
      'signed out, /accounts': navigation('/accounts', 'private', false),
      'signed in, /accounts': navigation('/accounts', 'private', true),
      'signed in, /fr/login': navigation('/fr/login', 'guest', true),
      'signed out, /de/pay/abc?amount=10': navigation('/de/pay/abc?amount=10', 'private', false, { middleware: ['email-verified'] }),
      'signed out, a wallet payment page': navigation('/inject/crypto/on-chain/wallet/0xabc123', 'public', false),
      'signed in, /ar/no/such/page': navigation('/ar/no/such/page', null, true),
      'signed in, /es/accounts/not-a-uuid': navigation('/es/accounts/not-a-uuid', 'private', true, { paramsValid: false }),
      'signed in, /transfer (a verified e-mail)': navigation('/transfer', 'private', true, { middleware: ['email-verified'] }),
      'signed in, /ar/accounts/crypto/withdraw/BTC (a verified e-mail, a confirmed phone, an approved KYC)': navigation(
        '/ar/accounts/crypto/withdraw/BTC',
        'private',
        true,
        { middleware: ['email-verified', 'phone-confirmed', 'kyc-approved'] },
      ),
      'signed in, /simulate/admin (admins only)': navigation('/simulate/admin', 'private', true, { middleware: ['admin'] }),
      'signed out, /transfer (a verified e-mail)': navigation('/transfer', 'private', false, { middleware: ['email-verified'] }),
    },
  },
  actors: {
    lookupRouteRules: {
      done: {
        'no rule': null,
        'a rule within the app': ruleInApp,
        'a rule to another site': ruleToAnotherSite,
        'a rule adding a verified e-mail': ruleAddingMiddleware,
        'a rule naming an unknown middleware': ruleNamingUnknownMiddleware,
      },
      error: { 'route-rules.json unreadable': new Error('route-rules.json unreachable') },
    },
    loadCustomerStanding: {
      done: {
        'a verified customer with a phone': standing(),
        'a verified customer without a phone': standing({ phoneConfirmed: false }),
        'a customer with a phone, identity not checked': standing({ kycApproved: false }),
        'an unverified customer': standing({ emailVerified: false, phoneConfirmed: false, kycApproved: false }),
        'an admin': standing({ role: 'admin' }),
      },
      error: { 'the profile unreadable': asError({ code: 'network_error' }) },
    },
  },
  // The decision follows from the target, the middleware and the customer; keeping it out merges equivalent vertices.
  serializeState: (s) => JSON.stringify([s.value, s.context.target, s.context.middleware, s.context.standing]),
  invariants: {
    '*': (s) => s.hasTag('decided') === (s.context.decision !== null) || 'a decision exists exactly when the guard has decided',
    idle: (s) => s.context.target === null || 'idle after a navigation',
    allowed: (s) => {
      const t = s.context.target!;
      if (s.context.decision?.kind !== 'allow') return 'allowed without an allow decision';
      if (t.path.includes(WALLET_PATH_MARKER)) return true;
      if (t.access === null) return 'opened a path that matches no route';
      if (!t.paramsValid) return 'opened a page with invalid parameters';
      if (t.access === 'private' && !t.hasAuthToken) return 'a signed-out visitor opened a private page';
      if (t.access === 'guest' && t.hasAuthToken) return 'a signed-in visitor opened a sign-in page';
      return meets(s.context.middleware, s.context.standing) || 'opened a page whose middleware the customer does not meet';
    },
    checkingMiddleware: (s) => s.context.target!.hasAuthToken || 'checked the middleware of a signed-out visitor',
    redirecting: (s) => {
      const decision = s.context.decision;
      if (decision?.kind !== 'redirect') return 'redirecting without a redirect decision';
      const to = splitLocalePath(decision.to.split('?')[0]!);
      if (to.locale !== s.context.target!.locale) return `the redirect to ${decision.to} leaves the visitor's language`;
      const customer = s.context.standing;
      if (to.basePath === ROUTE_MIDDLEWARE['email-verified'].unmetGoesTo && customer?.emailVerified !== false)
        return 'sent to verify an e-mail that is verified';
      if (
        to.basePath === ROUTE_MIDDLEWARE['phone-confirmed'].unmetGoesTo &&
        (customer?.phoneConfirmed !== false || !customer.emailVerified)
      )
        return 'sent to confirm a phone before the e-mail is verified, or with a confirmed phone';
      if (to.basePath === ROUTE_MIDDLEWARE['phone-confirmed'].unmetGoesTo) {
        const query = new URLSearchParams(decision.to.split('?')[1]);
        const t = s.context.target!;
        if (query.get('needs') !== 'phone' || query.get('next') !== t.path + t.search)
          return 'sent to confirm a phone without saying why, or without the way back to the page';
      }
      if (
        to.basePath === ROUTE_MIDDLEWARE['kyc-approved'].unmetGoesTo &&
        (customer?.kycApproved !== false ||
          !customer.emailVerified ||
          (s.context.middleware.includes('phone-confirmed') && !customer.phoneConfirmed))
      )
        return 'sent to the identity check before the e-mail and the phone the page needs, or with the check approved';
      return true;
    },
    leavingApp: (s) =>
      (s.context.decision?.kind === 'externalRedirect' && /^https:\/\//.test(s.context.decision.url)) ||
      'leaving the app for something other than an https address',
    unknownPath: (s) => {
      const t = s.context.target!;
      const decision = s.context.decision;
      if (t.access !== null) return 'a known route shown as not found';
      return (decision?.kind === 'notFound' && !decision.fatal && decision.path === t.path) || 'not an in-shell 404 for the path';
    },
    invalidRouteParams: (s) => {
      const t = s.context.target!;
      const decision = s.context.decision;
      if (t.paramsValid) return 'valid parameters shown as not found';
      if (t.access === 'private' && !t.hasAuthToken) return 'a signed-out visitor learns that a private page exists';
      return (decision?.kind === 'notFound' && decision.fatal && decision.path === t.path) || 'not the fatal 404 for the path';
    },
    hiddenRoute: (s) => {
      const decision = s.context.decision;
      if (!s.context.middleware.includes('admin') || s.context.standing?.role !== 'customer') return 'an admin tool hidden from an admin';
      return (decision?.kind === 'notFound' && decision.fatal) || 'an admin tool not answered with the 404 page';
    },
    unknownMiddleware: (s) =>
      (s.context.middleware.some((name) => !isKnown(name)) && s.context.decision?.kind === 'error') ||
      'the error page without an unknown middleware',
    middlewareUnchecked: (s) =>
      (s.context.standing === null && s.context.decision?.kind === 'error') || 'the error page although the customer was read',
  },
  browser: {
    chainPaths: true,
    events: {
      NAVIGATED: ({ target }) => [
        sessionCookieJar({ hasAuthToken: target.hasAuthToken, hasRefreshToken: target.hasAuthToken }),
        { open: target.path + target.search },
      ],
    },
    actors: {
      lookupRouteRules: {
        // route-rules.json is read once per page load, and every NAVIGATED here is a page load.
        done: (rule, before) => [
          { answer: '**/route-rules.json', json: { rules: rule ? [{ ...rule, path: before.context.target!.basePath }] : [] } },
          ...(rule?.external && rule.redirect ? [{ answer: `${new URL(rule.redirect).origin}/**`, html: '<h1>Another site</h1>' }] : []),
        ],
        // The app reads an unreadable file as “no rules”: the same outcome as the machine's onError.
        error: () => [{ answer: '**/route-rules.json', status: 500 }],
      },
      loadCustomerStanding: {
        // The pages security settings and e-mail verification redirect to read the customer's own data
        // with the test's made-up session: they are reached in e2e/simulate.spec.ts with a real one.
        done: (customer, before) => {
          if (!meets(before.context.middleware, customer) && !before.context.middleware.includes('admin')) return null;
          const { kycApproved, ...me } = customer;
          return [{ answer: '**/api/users/me', json: { ...SIGNED_IN.user, ...me, kycStatus: kycApproved ? 'approved' : 'in_progress' } }];
        },
        error: () => [{ answer: '**/api/users/me', status: 503, json: { error: { code: 'not_ready', message: 'not_ready' } } }],
      },
    },
    states: {
      allowed: (s) => ({ url: s.context.target!.path + s.context.target!.search, hides: [{ testId: 'error-page' }] }),
      redirecting: (s) => ({ url: decisionOf(s, 'redirect').to, hides: [{ testId: 'error-page' }] }),
      leavingApp: (s) => ({ url: decisionOf(s, 'externalRedirect').url }),
      unknownPath: (s) => ({ url: s.context.target!.path }),
      invalidRouteParams: (s) => ({ url: s.context.target!.path }),
      hiddenRoute: (s) => ({ url: s.context.target!.path }),
      unknownMiddleware: (s) => ({ url: s.context.target!.path }),
      middlewareUnchecked: (s) => ({ url: s.context.target!.path }),
    },
  },
  notInBrowser: {
    transitions: {
      'checkingMiddleware → redirecting (done: loadCustomerStanding if needsVerifiedEmail)':
        "The pages it redirects to (e-mail verification) read the customer's own data, which the made-up session of these paths cannot answer; e2e/simulate.spec.ts reaches them with a real session.",
      'checkingMiddleware → redirecting (done: loadCustomerStanding if needsConfirmedPhone)':
        "The page it redirects to (security settings) reads the customer's own data with the made-up session; e2e/simulate.spec.ts reaches it with a real one.",
      'checkingMiddleware → redirecting (done: loadCustomerStanding if needsApprovedKyc)':
        "The KYC page it redirects to reads the customer's own data, which the made-up session of these paths cannot answer; the unit replay takes it.",
    },
  },
} satisfies FlowModel<typeof routeGuardMachine>;

import { splitLocalePath, type RouteRule } from '../contract';
import type { FlowModel } from './graph/model';
import type { SnapshotFrom } from 'xstate';
import { routeGuardMachine, WALLET_PATH_MARKER, type GuardDecision, type NavigationTarget, type RouteAccess } from './routeGuard.machine';
import { sessionCookieJar } from './session.model';

/**
 * A navigation as `navigationTarget()` (src/routes/target.ts) builds it; `access` and `paramsValid` are
 * what the route table says (tests/model/routeGuard.fixtures.test.ts keeps them honest).
 */
function navigation(href: string, access: RouteAccess | null, hasAuthToken: boolean, paramsValid = true): { target: NavigationTarget } {
  const [path = '', query] = href.split('?');
  const { locale, basePath } = splitLocalePath(path);
  return { target: { path, search: query ? `?${query}` : '', locale, basePath, access, paramsValid, hasAuthToken } };
}

/** The rules' `path` does not matter to the machine (the lookup already matched it); the browser binding sets it. */
const ruleInApp: RouteRule = { path: '/old', redirect: '/register/success', external: false };
const ruleToAnotherSite: RouteRule = { path: '/old', redirect: 'https://status.example.com/', external: true };

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
      'signed out, /de/pay/abc?amount=10': navigation('/de/pay/abc?amount=10', 'private', false),
      'signed out, a wallet payment page': navigation('/inject/crypto/on-chain/wallet/0xabc123', 'public', false),
      'signed in, /ar/no/such/page': navigation('/ar/no/such/page', null, true),
      'signed in, /es/accounts/not-a-uuid': navigation('/es/accounts/not-a-uuid', 'private', true, false),
    },
  },
  actors: {
    lookupRouteRules: {
      done: { 'no rule': null, 'a rule within the app': ruleInApp, 'a rule to another site': ruleToAnotherSite },
      error: { 'route-rules.json unreadable': new Error('route-rules.json unreachable') },
    },
  },
  // The decision follows from the target and the rule; keeping it out merges equivalent vertices.
  serializeState: (s) => JSON.stringify([s.value, s.context.target]),
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
      return true;
    },
    redirecting: (s) => {
      const decision = s.context.decision;
      if (decision?.kind !== 'redirect') return 'redirecting without a redirect decision';
      const to = splitLocalePath(decision.to.split('?')[0]!);
      return to.locale === s.context.target!.locale || `the redirect to ${decision.to} leaves the visitor's language`;
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
  },
  browser: {
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
          ...(rule?.external ? [{ answer: `${new URL(rule.redirect).origin}/**`, html: '<h1>Another site</h1>' }] : []),
        ],
        // The app reads an unreadable file as “no rules”: the same outcome as the machine's onError.
        error: () => [{ answer: '**/route-rules.json', status: 500 }],
      },
    },
    states: {
      allowed: (s) => ({ url: s.context.target!.path + s.context.target!.search, hides: [{ testId: 'error-page' }] }),
      redirecting: (s) => ({ url: decisionOf(s, 'redirect').to, hides: [{ testId: 'error-page' }] }),
      leavingApp: (s) => ({ url: decisionOf(s, 'externalRedirect').url }),
      unknownPath: (s) => ({ url: s.context.target!.path }),
      invalidRouteParams: (s) => ({ url: s.context.target!.path }),
    },
  },
} satisfies FlowModel<typeof routeGuardMachine>;

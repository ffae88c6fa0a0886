import { assign, setup } from 'xstate';
import { localizePath, type Locale, type RouteRule } from '../../contract';
import { unprovided } from '../parts/unprovided';

/** How a route may be reached; declared per route in the route table. */
export type RouteAccess =
  /** Sign-in and sign-up pages: a signed-in visitor is sent home instead. */
  | 'guest'
  /** Anyone, signed in or not (e.g. /register/success). */
  | 'public'
  /** Needs an `auth_token`. */
  | 'private';

/**
 * App middleware a route may name (in the route table or a route rule): a condition on the signed-in
 * customer, checked after the access rules. A customer who does not meet one is sent where it can be
 * met; the page of an admin tool is simply not found for anyone else.
 */
export const ROUTE_MIDDLEWARE = {
  /** Needs a verified e-mail: the e-mail verification step. */
  'email-verified': { unmetGoesTo: '/register/verify-email' },
  /** Needs a confirmed phone: security settings, where a phone is set and confirmed. */
  'phone-confirmed': { unmetGoesTo: '/profile/security' },
  /** Needs an approved identity check: the KYC overview, where the customer completes or follows it. */
  'kyc-approved': { unmetGoesTo: '/kyc' },
  /** Admins only: anyone else gets the 404, so the page's existence is not revealed. */
  admin: { unmetGoesTo: null },
} as const satisfies Record<string, { unmetGoesTo: string | null }>;
export type RouteMiddleware = keyof typeof ROUTE_MIDDLEWARE;

const isKnownMiddleware = (name: string): name is RouteMiddleware => Object.hasOwn(ROUTE_MIDDLEWARE, name);

/** What the middleware needs to know about the signed-in customer (from `GET /users/me`). */
export interface CustomerStanding {
  emailVerified: boolean;
  phoneConfirmed: boolean;
  /** The identity check (KYC) is approved. */
  kycApproved: boolean;
  role: 'customer' | 'admin';
}

export interface NavigationTarget {
  /** The path as opened, with its locale prefix: `/fr/pay/abc`. */
  path: string;
  /** The query string with its `?`, or empty. */
  search: string;
  locale: Locale;
  /** The path in English form: `/pay/abc`. */
  basePath: string;
  /** The matched route's access, or null when no route matches the path. */
  access: RouteAccess | null;
  /** False when the matched route's parameter validation failed (`:id` not a UUID…). */
  paramsValid: boolean;
  hasAuthToken: boolean;
  /** The matched route's middleware in the route table (names as declared). */
  middleware: readonly string[];
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'externalRedirect'; url: string }
  /** `fatal`: the route exists but its parameters are invalid (full error page); otherwise the
   *  path matches no route and the 404 shows inside the app shell. */
  | { kind: 'notFound'; fatal: boolean; path: string }
  /** The page cannot be decided (an unknown middleware, the customer unreadable): the error page, "Internal Server Error". */
  | { kind: 'error'; path: string; message: string };

export const WALLET_PATH_MARKER = '/inject/crypto/on-chain/wallet';

interface RouteGuardContext {
  target: NavigationTarget | null;
  decision: GuardDecision | null;
  /** The middleware of this navigation: the route table's, then the route rule's. */
  middleware: string[];
  /** The customer as the middleware check read them; null until then. */
  standing: CustomerStanding | null;
}

type RouteGuardEvent = { type: 'NAVIGATED'; target: NavigationTarget };

function targetOf(context: RouteGuardContext): NavigationTarget {
  if (!context.target) throw new Error('routeGuard: no navigation target');
  return context.target;
}

export const routeGuardMachine = setup({
  types: {
    context: {} as RouteGuardContext,
    events: {} as RouteGuardEvent,
    tags: {} as 'decided',
  },
  actors: {
    lookupRouteRules: unprovided<RouteRule | null, { basePath: string }>('lookupRouteRules'),
    loadCustomerStanding: unprovided<CustomerStanding, void>('loadCustomerStanding'),
  },
  guards: {
    ruleLeavesApp: (_, rule: RouteRule | null) => rule?.redirect !== undefined && rule.external,
    ruleRedirectsInApp: (_, rule: RouteRule | null) => rule?.redirect !== undefined && !rule.external,
    namesUnknownMiddleware: ({ context }) => context.middleware.some((name) => !isKnownMiddleware(name)),
    hasMiddleware: ({ context }) => context.middleware.length > 0,
    isAdminToolOfACustomer: ({ context }, standing: CustomerStanding) => context.middleware.includes('admin') && standing.role !== 'admin',
    needsVerifiedEmail: ({ context }, standing: CustomerStanding) =>
      context.middleware.includes('email-verified') && !standing.emailVerified,
    needsConfirmedPhone: ({ context }, standing: CustomerStanding) =>
      context.middleware.includes('phone-confirmed') && !standing.phoneConfirmed,
    needsApprovedKyc: ({ context }, standing: CustomerStanding) => context.middleware.includes('kyc-approved') && !standing.kycApproved,
    isWalletPath: ({ context }) => targetOf(context).path.includes(WALLET_PATH_MARKER),
    isUnknownPath: ({ context }) => targetOf(context).access === null,
    hasInvalidParams: ({ context }) => !targetOf(context).paramsValid,
    isGuestPageWhileSignedIn: ({ context }) => {
      const t = targetOf(context);
      return t.access === 'guest' && t.hasAuthToken;
    },
    isPaymentLinkWhileSignedOut: ({ context }) => {
      const t = targetOf(context);
      return !t.hasAuthToken && t.access === 'private' && t.basePath.startsWith('/pay/');
    },
    isPrivatePageWhileSignedOut: ({ context }) => {
      const t = targetOf(context);
      return !t.hasAuthToken && t.access === 'private';
    },
  },
}).createMachine({
  id: 'routeGuard',
  description: 'Decides, for every navigation, whether the page opens, redirects, leaves the app or is not found.',
  context: { target: null, decision: null, middleware: [], standing: null },
  initial: 'idle',
  on: {
    NAVIGATED: {
      target: '.lookingUpRouteRules',
      actions: assign({
        target: ({ event }) => event.target,
        decision: null,
        middleware: ({ event }) => [...event.target.middleware],
        standing: null,
      }),
      description: 'The visitor opens a path (link, address bar, back button or redirect).',
    },
  },
  states: {
    idle: { description: 'Waiting for the first navigation.' },
    lookingUpRouteRules: {
      description: 'Asks the operators’ route rules (route-rules.json) whether this path is redirected.',
      invoke: {
        id: 'lookupRouteRules',
        src: 'lookupRouteRules',
        input: ({ context }) => ({ basePath: targetOf(context).basePath }),
        onDone: [
          {
            guard: { type: 'ruleLeavesApp', params: ({ event }) => event.output },
            target: 'leavingApp',
            description: 'An operator rule sends this path to another site: the browser leaves.',
            actions: assign({
              decision: ({ event }) => ({ kind: 'externalRedirect', url: event.output!.redirect! }),
            }),
          },
          {
            guard: { type: 'ruleRedirectsInApp', params: ({ event }) => event.output },
            target: 'redirecting',
            description: 'An operator rule moves this path elsewhere in the app: the page redirects.',
            actions: assign({
              decision: ({ context, event }) => ({
                kind: 'redirect',
                to: localizePath(event.output!.redirect!, targetOf(context).locale),
              }),
            }),
          },
          {
            target: 'checkingAccess',
            description: 'No operator rule applies: the usual access checks follow.',
            actions: assign({
              middleware: ({ context, event }) => [...new Set([...context.middleware, ...(event.output?.middleware ?? [])])],
            }),
          },
        ],
        // Rules are an operator convenience: when they cannot be read, navigation goes on without them.
        onError: { target: 'checkingAccess', description: 'The rules could not be read: the usual access checks follow.' },
      },
    },
    checkingAccess: {
      description: 'Applies the access rules of the route table to the visitor’s auth_token.',
      always: [
        { guard: 'isWalletPath', target: 'allowed', description: 'Wallet payment pages skip every check.' },
        {
          guard: 'isUnknownPath',
          target: 'unknownPath',
          description: 'No page has this path: the not-found page shows.',
          actions: assign({
            decision: ({ context }) => ({ kind: 'notFound', fatal: false, path: targetOf(context).path }),
          }),
        },
        {
          guard: 'isGuestPageWhileSignedIn',
          target: 'redirecting',
          description: 'Signed-in visitors have no business on sign-in and sign-up pages: go home.',
          actions: assign({
            decision: ({ context }) => ({ kind: 'redirect', to: localizePath('/', targetOf(context).locale) }),
          }),
        },
        {
          guard: 'isPaymentLinkWhileSignedOut',
          target: 'redirecting',
          description: 'A payment link asks to log in first, then comes back.',
          actions: assign({ decision: ({ context }) => ({ kind: 'redirect', to: returningTo('/login', targetOf(context)) }) }),
        },
        {
          guard: 'isPrivatePageWhileSignedOut',
          target: 'redirecting',
          description: 'Welcome first, carrying the page asked for through sign-in (the home page is where sign-in lands anyway).',
          actions: assign({ decision: ({ context }) => ({ kind: 'redirect', to: returningTo('/welcome', targetOf(context)) }) }),
        },
        {
          guard: 'hasInvalidParams',
          description: 'Checked after the access rules, so signed-out visitors learn nothing about what exists.',
          target: 'invalidRouteParams',
          actions: assign({
            decision: ({ context }) => ({ kind: 'notFound', fatal: true, path: targetOf(context).path }),
          }),
        },
        {
          guard: 'namesUnknownMiddleware',
          description: 'A middleware name the app does not know is a configuration error: never a blank screen.',
          target: 'unknownMiddleware',
          actions: assign({
            decision: ({ context }) => ({
              kind: 'error',
              path: targetOf(context).path,
              message: `Unknown route middleware: ${context.middleware.filter((name) => !isKnownMiddleware(name)).join(', ')}`,
            }),
          }),
        },
        {
          guard: 'hasMiddleware',
          target: 'checkingMiddleware',
          description: 'The page needs checks on the customer’s standing (verified e-mail, phone, identity check).',
        },
        { target: 'allowed', description: 'Nothing stands in the way: the page opens.' },
      ],
    },
    checkingMiddleware: {
      description: 'Reads the signed-in customer and checks each middleware of the page.',
      invoke: {
        id: 'loadCustomerStanding',
        src: 'loadCustomerStanding',
        onDone: [
          {
            guard: { type: 'isAdminToolOfACustomer', params: ({ event }) => event.output },
            target: 'hiddenRoute',
            description: 'Checked first: someone without the role learns nothing else about the page.',
            actions: assign({
              standing: ({ event }) => event.output,
              decision: ({ context }) => ({ kind: 'notFound', fatal: true, path: targetOf(context).path }),
            }),
          },
          {
            guard: { type: 'needsVerifiedEmail', params: ({ event }) => event.output },
            target: 'redirecting',
            description: 'Money moves only for a verified e-mail: verify it first.',
            actions: assign({
              standing: ({ event }) => event.output,
              decision: ({ context }) => ({
                kind: 'redirect',
                to: localizePath(ROUTE_MIDDLEWARE['email-verified'].unmetGoesTo, targetOf(context).locale),
              }),
            }),
          },
          {
            guard: { type: 'needsConfirmedPhone', params: ({ event }) => event.output },
            target: 'redirecting',
            description: 'Confirm a phone in the security settings first.',
            actions: assign({
              standing: ({ event }) => event.output,
              decision: ({ context }) => {
                const t = targetOf(context);
                // The page says why the customer is there and offers the way back once the phone is confirmed.
                const query = new URLSearchParams({ needs: 'phone', next: t.path + t.search });
                return { kind: 'redirect', to: `${localizePath(ROUTE_MIDDLEWARE['phone-confirmed'].unmetGoesTo, t.locale)}?${query}` };
              },
            }),
          },
          {
            guard: { type: 'needsApprovedKyc', params: ({ event }) => event.output },
            target: 'redirecting',
            description: 'After the phone (itself a step of the check): complete or follow the identity check first.',
            actions: assign({
              standing: ({ event }) => event.output,
              decision: ({ context }) => ({
                kind: 'redirect',
                to: localizePath(ROUTE_MIDDLEWARE['kyc-approved'].unmetGoesTo, targetOf(context).locale),
              }),
            }),
          },
          {
            target: 'allowed',
            description: 'The customer meets every requirement of the page: it opens.',
            actions: assign({ standing: ({ event }) => event.output }),
          },
        ],
        // Fail closed: a page whose conditions cannot be checked does not open.
        onError: {
          target: 'middlewareUnchecked',
          description: 'The standing could not be read: the page says so rather than open unchecked.',
          actions: assign({
            decision: ({ context }) => ({
              kind: 'error',
              path: targetOf(context).path,
              message: 'The route middleware could not read the customer',
            }),
          }),
        },
      },
    },
    allowed: {
      tags: ['decided'],
      description: 'The page opens.',
      entry: assign({ decision: { kind: 'allow' } }),
      meta: { view: { role: 'heading', level: 1 } },
    },
    redirecting: {
      tags: ['decided'],
      description: 'The visitor is sent to another page of the app.',
      meta: { view: { role: 'heading', level: 1 } },
    },
    leavingApp: { tags: ['decided'], description: 'A route rule sends the visitor to another site (full page load).' },
    unknownPath: {
      tags: ['decided'],
      description: 'No route matches: “Page not found” inside the app shell.',
      meta: { view: { testId: 'error-page' } },
    },
    invalidRouteParams: {
      tags: ['decided'],
      description: 'The route exists but its parameters are invalid: the 404 error page.',
      meta: { view: { testId: 'error-page' } },
    },
    hiddenRoute: {
      tags: ['decided'],
      description: 'An admin tool opened by someone else: the same 404 error page as a page that does not exist.',
      meta: { view: { testId: 'error-page' } },
    },
    unknownMiddleware: {
      tags: ['decided'],
      description: 'The page names a middleware the app does not know: the error page, “Internal Server Error”.',
      meta: { view: { testId: 'error-page' } },
    },
    middlewareUnchecked: {
      tags: ['decided'],
      description: 'The customer could not be read to check the page’s middleware: the error page.',
      meta: { view: { testId: 'error-page' } },
    },
  },
});

/** `page` in the target's language, with the target as its `redirect` to come back to after sign-in (none for home). */
function returningTo(page: '/login' | '/welcome', target: NavigationTarget): string {
  const to = localizePath(page, target.locale);
  if (target.basePath === '/' && !target.search) return to;
  return `${to}?redirect=${encodeURIComponent(target.path + target.search)}`;
}

/**
 * The `redirect` query parameter is followed after login only when it is a path of this origin;
 * anything that could leave the site (`//host`, `/\host`, schemes, control characters) is refused. The
 * answer is the path as a browser resolves it: dot segments resolved (`/..//evil.test` is `//evil.test`,
 * another host) and checked again, with encoded slashes (`/%2F%2Fhost`) refused too, since whatever
 * decodes the path once more would turn them into one.
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return null;
  if ([...raw].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  const base = 'https://meridian.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const path = url.pathname + url.search + url.hash;
  return /^\/(?:[/\\]|%2f|%5c)/i.test(path) ? null : path;
}

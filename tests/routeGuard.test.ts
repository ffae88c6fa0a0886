import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { routeGuardMachine, safeRedirectPath, type CustomerStanding, type GuardDecision } from '../machines/routeGuard/routeGuard.machine';
import { LOCALES, localizePath, type Locale, type RouteRule } from '../contract';
import { navigationTarget } from '../src/routes/target';
import { routes } from '../src/routes/table';

const VERIFIED_WITH_PHONE: CustomerStanding = { emailVerified: true, phoneConfirmed: true, kycApproved: true, role: 'customer' };

async function decide(
  href: string,
  opts: { authToken?: boolean; rules?: RouteRule[]; rulesFail?: boolean; customer?: CustomerStanding | 'unreadable' } = {},
) {
  const actor = createActor(
    routeGuardMachine.provide({
      actors: {
        loadCustomerStanding: fromPromise(async () => {
          if (opts.customer === 'unreadable') throw new Error('network_error');
          return opts.customer ?? VERIFIED_WITH_PHONE;
        }),
        lookupRouteRules: fromPromise(async ({ input }: { input: { basePath: string } }) => {
          if (opts.rulesFail) throw new Error('route-rules.json unreachable');
          return opts.rules?.find((rule) => rule.path === input.basePath) ?? null;
        }),
      },
    }),
  ).start();
  const target = navigationTarget(new URL(href, 'https://app.example'), opts.authToken ?? false);
  actor.send({ type: 'NAVIGATED', target });
  const snapshot = await waitFor(actor, (s) => s.hasTag('decided'));
  actor.stop();
  return { decision: snapshot.context.decision as GuardDecision, state: snapshot.value };
}

const UUID = '3f1e2d4c-5b6a-4789-9abc-def012345678';
const GUEST_PAGES = ['/login', '/register', '/register/email', '/forgot-password', '/auth/google', '/auth/apple', '/welcome', '/2fa/phone'];

describe.each(LOCALES.map((locale) => [locale]))('route guard in %s', (locale: Locale) => {
  const at = (path: string) => localizePath(path, locale);

  it.each(GUEST_PAGES)('sends a signed-in visitor from %s to the home page', async (page) => {
    expect((await decide(at(page), { authToken: true })).decision).toEqual({ kind: 'redirect', to: at('/') });
  });

  it.each(GUEST_PAGES)('lets a signed-out visitor open %s', async (page) => {
    expect((await decide(at(page))).decision).toEqual({ kind: 'allow' });
  });

  it('keeps /register/success reachable signed in and signed out', async () => {
    expect((await decide(at('/register/success'), { authToken: true })).decision).toEqual({ kind: 'allow' });
    expect((await decide(at('/register/success'))).decision).toEqual({ kind: 'allow' });
  });

  it('sends a signed-out payment link to login with the full original path', async () => {
    const { decision } = await decide(`${at('/pay/abc')}?amount=10&note=a%26b`);
    const original = `${at('/pay/abc')}?amount=10&note=a%26b`;
    expect(decision).toEqual({ kind: 'redirect', to: `${at('/login')}?redirect=${encodeURIComponent(original)}` });
  });

  it('sends /pay itself (no link) to welcome, like any private page', async () => {
    expect((await decide(at('/pay'))).decision).toEqual({
      kind: 'redirect',
      to: `${at('/welcome')}?redirect=${encodeURIComponent(at('/pay'))}`,
    });
  });

  it.each(routes.filter((r) => r.access === 'private' && !r.path.startsWith('/pay/') && r.path !== '/').map((r) => r.path))(
    'sends a signed-out visitor from %s to welcome, carrying the page to come back to',
    async (path) => {
      const concrete = at(path.replace(':id', UUID).replace(':iso', 'BTC').replace(':hash', 'h4sh'));
      expect((await decide(`${concrete}?tab=2`)).decision).toEqual({
        kind: 'redirect',
        to: `${at('/welcome')}?redirect=${encodeURIComponent(`${concrete}?tab=2`)}`,
      });
    },
  );

  it('sends a signed-out visitor from the home page to welcome with nothing to come back to', async () => {
    expect((await decide(at('/'))).decision).toEqual({ kind: 'redirect', to: at('/welcome') });
  });

  it('opens every private page for a signed-in visitor who meets its middleware', async () => {
    for (const route of routes.filter((r) => r.access === 'private' && !r.middleware?.includes('admin'))) {
      // Any case: a crypto asset, or the euro bank payouts go in.
      const iso = route.path.includes('/fiat/') ? 'eur' : 'usdt';
      const concrete = route.path.replace(':id', UUID).replace(':iso', iso).replace(':hash', 'h4sh');
      expect((await decide(at(concrete), { authToken: true })).decision, concrete).toEqual({ kind: 'allow' });
    }
  });

  it('skips every check on wallet payment pages', async () => {
    expect((await decide(at('/inject/crypto/on-chain/wallet/0xabc'))).decision).toEqual({ kind: 'allow' });
    expect((await decide(at('/inject/crypto/on-chain/wallet/0xabc'), { authToken: true })).decision).toEqual({ kind: 'allow' });
  });

  it('shows the 404 error page when a parameter fails validation', async () => {
    for (const path of [
      '/accounts/not-a-uuid',
      '/card-accounts/123',
      '/accounts/crypto/withdraw/DOGE',
      // A fiat currency SEPA does not pay out in.
      '/accounts/fiat/withdraw/USD',
      '/inject/crypto/on-chain/XYZ',
    ]) {
      const { decision, state } = await decide(at(path), { authToken: true });
      expect(decision).toEqual({ kind: 'notFound', fatal: true, path: at(path) });
      expect(state).toBe('invalidRouteParams');
    }
  });

  it('shows a non-fatal 404 in the shell for a path that matches no route', async () => {
    for (const authToken of [true, false]) {
      const { decision, state } = await decide(at('/no/such/page'), { authToken });
      expect(decision).toEqual({ kind: 'notFound', fatal: false, path: at('/no/such/page') });
      expect(state).toBe('unknownPath');
    }
  });

  it('follows an operator route rule, localized, before any other check', async () => {
    const rules: RouteRule[] = [
      { path: '/old-cards', redirect: '/card-accounts', external: false, middleware: [] },
      { path: '/status', redirect: 'https://status.example.com/', external: true, middleware: [] },
    ];
    expect((await decide(at('/old-cards'), { rules })).decision).toEqual({ kind: 'redirect', to: at('/card-accounts') });
    expect((await decide(at('/status'), { rules, authToken: true })).decision).toEqual({
      kind: 'externalRedirect',
      url: 'https://status.example.com/',
    });
  });

  it('sends a customer whose e-mail is not verified from money pages to the e-mail verification', async () => {
    const customer = { emailVerified: false, phoneConfirmed: false, kycApproved: false, role: 'customer' } as const;
    for (const path of [
      '/transfer',
      '/transfer/fiat-to-crypto',
      '/pay',
      '/pay/h4sh',
      '/inject/pay-by-code',
      '/accounts/crypto/withdraw/BTC',
    ]) {
      expect((await decide(at(path), { authToken: true, customer })).decision, path).toEqual({
        kind: 'redirect',
        to: at('/register/verify-email'),
      });
    }
    expect((await decide(at('/accounts'), { authToken: true, customer })).decision).toEqual({ kind: 'allow' });
  });

  it('sends a customer without a confirmed phone from a withdrawal to the security settings', async () => {
    const customer = { emailVerified: true, phoneConfirmed: false, kycApproved: false, role: 'customer' } as const;
    expect((await decide(`${at('/accounts/crypto/withdraw/BTC')}?amount=1`, { authToken: true, customer })).decision).toEqual({
      kind: 'redirect',
      to: `${at('/profile/security')}?needs=phone&next=${encodeURIComponent(`${at('/accounts/crypto/withdraw/BTC')}?amount=1`)}`,
    });
    expect((await decide(at('/transfer'), { authToken: true, customer })).decision).toEqual({ kind: 'allow' });
  });

  it('sends a customer with a phone but no approved identity check from a withdrawal to /kyc, and only from there', async () => {
    const customer = { ...VERIFIED_WITH_PHONE, kycApproved: false };
    expect((await decide(at('/accounts/crypto/withdraw/BTC'), { authToken: true, customer })).decision).toEqual({
      kind: 'redirect',
      to: at('/kyc'),
    });
    for (const path of ['/transfer', '/pay', '/inject/pay-by-code', '/kyc', '/kyc/document']) {
      expect((await decide(at(path), { authToken: true, customer })).decision, path).toEqual({ kind: 'allow' });
    }
    expect((await decide(at('/accounts/crypto/withdraw/BTC'), { authToken: true })).decision).toEqual({ kind: 'allow' });
  });

  it('shows the 404 page of /simulate/admin to anyone but an admin', async () => {
    const { decision, state } = await decide(at('/simulate/admin'), { authToken: true });
    expect(decision).toEqual({ kind: 'notFound', fatal: true, path: at('/simulate/admin') });
    expect(state).toBe('hiddenRoute');
    const admin = { ...VERIFIED_WITH_PHONE, role: 'admin' } as const;
    expect((await decide(at('/simulate/admin'), { authToken: true, customer: admin })).decision).toEqual({ kind: 'allow' });
  });

  it('shows the error page for a middleware it does not know, and when the customer cannot be read', async () => {
    const rules: RouteRule[] = [{ path: '/help', external: false, middleware: ['needs-a-unicorn'] }];
    const unknown = await decide(at('/help'), { authToken: true, rules });
    expect(unknown.decision).toEqual({ kind: 'error', path: at('/help'), message: 'Unknown route middleware: needs-a-unicorn' });
    const unreadable = await decide(at('/transfer'), { authToken: true, customer: 'unreadable' });
    expect(unreadable.decision).toMatchObject({ kind: 'error', path: at('/transfer') });
  });

  it('adds the middleware of a route rule to the route’s', async () => {
    const rules: RouteRule[] = [{ path: '/help', external: false, middleware: ['phone-confirmed'] }];
    const customer = { ...VERIFIED_WITH_PHONE, phoneConfirmed: false };
    expect((await decide(at('/help'), { authToken: true, rules, customer })).decision).toEqual({
      kind: 'redirect',
      to: `${at('/profile/security')}?needs=phone&next=${encodeURIComponent(at('/help'))}`,
    });
  });

  it('goes on without rules when route-rules.json cannot be read', async () => {
    expect((await decide(at('/accounts'), { rulesFail: true })).decision).toEqual({
      kind: 'redirect',
      to: `${at('/welcome')}?redirect=${encodeURIComponent(at('/accounts'))}`,
    });
  });
});

describe('route guard races', () => {
  it('answers each navigation with its own decision when a newer one overtakes it', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const actor = createActor(
      routeGuardMachine.provide({
        actors: {
          lookupRouteRules: fromPromise<RouteRule | null, { basePath: string }>(async ({ input }) => {
            if (input.basePath === '/accounts') await slow;
            return null;
          }),
        },
      }),
    ).start();
    const first = navigationTarget(new URL('https://app.example/accounts'), false);
    const second = navigationTarget(new URL('https://app.example/welcome'), false);
    actor.send({ type: 'NAVIGATED', target: first });
    actor.send({ type: 'NAVIGATED', target: second });
    const snapshot = await waitFor(actor, (s) => s.context.target === second && s.hasTag('decided'));
    expect(snapshot.context.decision).toEqual({ kind: 'allow' });
    release();
  });
});

describe('route guard while the profile loads', () => {
  it('opens no page that needs a confirmed phone before the profile is read, then sends a phoneless customer away', async () => {
    let answer!: (standing: CustomerStanding) => void;
    const profile = new Promise<CustomerStanding>((resolve) => (answer = resolve));
    const actor = createActor(
      routeGuardMachine.provide({
        actors: {
          lookupRouteRules: fromPromise<RouteRule | null, { basePath: string }>(async () => null),
          loadCustomerStanding: fromPromise(() => profile),
        },
      }),
    ).start();
    const target = navigationTarget(new URL('https://app.example/ar/accounts/crypto/withdraw/BTC'), true);
    actor.send({ type: 'NAVIGATED', target });
    await waitFor(actor, (s) => s.matches('checkingMiddleware'));
    // The router renders a page only once the guard has decided: nothing may be decided while /users/me is on its way.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().hasTag('decided')).toBe(false);
    expect(actor.getSnapshot().context.decision).toBeNull();
    answer({ emailVerified: true, phoneConfirmed: false, kycApproved: true, role: 'customer' });
    const snapshot = await waitFor(actor, (s) => s.hasTag('decided'));
    expect(snapshot.context.decision).toEqual({
      kind: 'redirect',
      to: '/ar/profile/security?needs=phone&next=%2Far%2Faccounts%2Fcrypto%2Fwithdraw%2FBTC',
    });
    actor.stop();
  });
});

describe('safe redirect after login', () => {
  it.each([
    ['/fr/pay/abc', '/fr/pay/abc'],
    ['/pay/abc?amount=1#top', '/pay/abc?amount=1#top'],
    ['/accounts', '/accounts'],
  ])('follows the same-origin path %s', (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '//evil.example/pay/abc',
    'https://evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '/\tevil',
    'evil.example',
    '',
    null,
    undefined,
  ])('refuses %s', (raw) => {
    expect(safeRedirectPath(raw)).toBeNull();
  });
});

import { isCryptoAsset } from '../../contract/assetList';
import { LEAVES_MERIDIAN, MOVES_MONEY, PAYS_CUSTOMERS, type CustomerRule } from '../../contract/customerRules';
import { PAYOUT_CURRENCIES } from '../../contract/payoutCurrencies';
import type { RouteAccess, RouteMiddleware } from '../../machines/routeGuard/routeGuard.machine';

/** `wide`: the default top bar with a dashboard-wide page (~1100 px), for tools such as the flow explorer. */
export type LayoutName = 'default' | 'wide' | 'main-nav-menu' | 'mobile-header' | 'sub-nav-menu' | 'none';

/** Screens load lazily, one chunk per area. */
export type Area =
  | 'auth'
  | 'register'
  | 'home'
  | 'accounts'
  | 'card-accounts'
  | 'inject'
  /** The public wallet payment page: its own chunk, so a payer loads none of the customer's inject screens. */
  | 'wallet'
  | 'pay'
  | 'kyc'
  | 'onboarding'
  | 'profile'
  | 'transfer'
  | 'simulate'
  | 'help'
  /** The account terms and the privacy notice: public, read before signing up as well as after. */
  | 'legal'
  /** The reviewers' flow explorer: its own chunk (with Mermaid), never loaded by customers' screens. */
  | 'flows';

export interface RouteDef {
  /** Stable id; also the i18n key under `screens.` for the title. */
  id: string;
  /** English form; locale variants are derived. */
  path: string;
  area: Area;
  layout: LayoutName;
  access: RouteAccess;
  /** Parameter validation; a failure shows the 404 error page. */
  validate?: (params: Record<string, string | undefined>) => boolean;
  /** Where the header's back button goes (a route id). */
  parent?: string;
  /** Routes shown as tabs together (sub-navigation). */
  tabs?: string;
  /** Routes this screen leads to, until its own content is built. */
  links?: string[];
  /** App middleware the page needs (machines/routeGuard/routeGuard.machine.ts), checked after the access rules. */
  middleware?: readonly RouteMiddleware[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const LINK_HASH = /^[A-Za-z0-9_-]{1,128}$/;

const validId = (p: Record<string, string | undefined>) => UUID.test(p.id ?? '');
const validIso = (p: Record<string, string | undefined>) => isCryptoAsset(p.iso ?? '');
/** A currency bank payouts go in (SEPA: euro), in any case as the crypto assets are. */
const validPayoutCurrency = (p: Record<string, string | undefined>) =>
  (PAYOUT_CURRENCIES as readonly string[]).includes((p.iso ?? '').toUpperCase());
const validHash = (p: Record<string, string | undefined>) => LINK_HASH.test(p.hash ?? '');

const guest = { access: 'guest', layout: 'default' } as const;
const priv = { access: 'private' } as const;
/**
 * The rules a page checks before it opens: all but the terms, which can change while a page is open, so
 * the app asks for them when a call is refused (`terms_not_accepted`) and then sends the call again.
 */
function pageRules(rules: readonly CustomerRule[]): RouteMiddleware[] {
  return rules.filter((rule): rule is Exclude<CustomerRule, 'terms-accepted'> => rule !== 'terms-accepted');
}

/**
 * The rules of the endpoints these screens call (contract/endpoints/define.ts), which the server enforces
 * too: here they send the customer where a rule can be met before the form is filled in.
 */
const movesMoney = { middleware: pageRules(MOVES_MONEY) } as const;
/** Finding another customer by their address tells who they are: an approved identity check first. */
const paysCustomers = { middleware: pageRules(PAYS_CUSTOMERS) } as const;
/** Within Meridian the level limits already hold an unchecked customer back; leaving it needs the rest. */
const leavesMeridian = { middleware: pageRules(LEAVES_MERIDIAN) } as const;

export const routes: RouteDef[] = [
  // Auth
  { id: 'login', path: '/login', area: 'auth', ...guest, links: ['register', 'forgotPassword'] },
  { id: 'forgotPassword', path: '/forgot-password', area: 'auth', ...guest, parent: 'login' },
  { id: 'authApple', path: '/auth/apple', area: 'auth', ...guest, parent: 'welcome' },
  { id: 'authGoogle', path: '/auth/google', area: 'auth', ...guest, parent: 'welcome' },
  { id: 'welcome', path: '/welcome', area: 'auth', ...guest },
  // Signed out until the SMS code is right; without a pending challenge the screen sends the visitor to /login.
  { id: 'twoFactorPhone', path: '/2fa/phone', area: 'auth', ...guest, layout: 'mobile-header', parent: 'login' },
  // Lost phone, no passkey: from the SMS step of a sign-in (its challenge names the account).
  { id: 'phoneRecovery', path: '/2fa/phone/lost', area: 'auth', ...guest, layout: 'mobile-header', parent: 'twoFactorPhone' },
  // Opened from a link in an e-mail or an SMS, signed in or not; the token is in the fragment.
  { id: 'recoveryCancel', path: '/recovery/cancel', area: 'auth', access: 'public', layout: 'default' },
  // Registration
  { id: 'register', path: '/register', area: 'register', ...guest, links: ['registerEmail', 'authGoogle', 'authApple'] },
  { id: 'registerEmail', path: '/register/email', area: 'register', ...guest, parent: 'register' },
  // No back link once the account exists: the e-mail form is for signed-out visitors (the guard would send
  // the customer home), and the registration statechart shows the open step for any earlier one.
  { id: 'registerPromoCode', path: '/register/promo-code', area: 'register', ...priv, layout: 'mobile-header' },
  { id: 'registerVerifyEmail', path: '/register/verify-email', area: 'register', ...priv, layout: 'mobile-header' },
  { id: 'registerBiometric', path: '/register/biometric', area: 'register', ...priv, layout: 'mobile-header' },
  { id: 'registerSuccess', path: '/register/success', area: 'register', access: 'public', layout: 'default', links: ['home'] },
  // Home
  {
    id: 'home',
    path: '/',
    area: 'home',
    ...priv,
    layout: 'main-nav-menu',
    links: ['accounts', 'cardAccounts', 'transfer', 'injectCrypto', 'kyc'],
  },
  // Accounts
  { id: 'accounts', path: '/accounts', area: 'accounts', ...priv, layout: 'main-nav-menu', tabs: 'accounts' },
  { id: 'accountDetail', path: '/accounts/:id', area: 'accounts', ...priv, layout: 'mobile-header', parent: 'accounts', validate: validId },
  {
    id: 'cryptoWithdraw',
    path: '/accounts/crypto/withdraw/:iso',
    area: 'accounts',
    ...priv,
    layout: 'mobile-header',
    parent: 'accounts',
    validate: validIso,
    ...leavesMeridian,
  },
  {
    id: 'bankPayout',
    path: '/accounts/fiat/withdraw/:iso',
    area: 'accounts',
    ...priv,
    layout: 'mobile-header',
    parent: 'accounts',
    validate: validPayoutCurrency,
    ...leavesMeridian,
  },
  { id: 'activities', path: '/activities', area: 'accounts', ...priv, layout: 'main-nav-menu', tabs: 'accounts' },
  {
    id: 'activityDetail',
    path: '/activities/:id',
    area: 'accounts',
    ...priv,
    layout: 'mobile-header',
    parent: 'activities',
    validate: validId,
  },
  // Card accounts
  { id: 'cardAccounts', path: '/card-accounts', area: 'card-accounts', ...priv, layout: 'main-nav-menu', tabs: 'cardAccounts' },
  {
    id: 'cardAccountDetail',
    path: '/card-accounts/:id',
    area: 'card-accounts',
    ...priv,
    layout: 'mobile-header',
    parent: 'cardAccounts',
    validate: validId,
  },
  {
    id: 'cardActivities',
    path: '/card-accounts/activities',
    area: 'card-accounts',
    ...priv,
    layout: 'main-nav-menu',
    tabs: 'cardAccounts',
  },
  { id: 'cards', path: '/card-accounts/cards', area: 'card-accounts', ...priv, layout: 'main-nav-menu', tabs: 'cardAccounts' },
  { id: 'collateral', path: '/card-accounts/collateral', area: 'card-accounts', ...priv, layout: 'main-nav-menu', tabs: 'cardAccounts' },
  // Inject
  {
    id: 'injectCrypto',
    path: '/inject/crypto',
    area: 'inject',
    ...priv,
    layout: 'mobile-header',
    parent: 'home',
    links: ['injectOnChain', 'injectFiat', 'payByCode'],
  },
  { id: 'injectOnChain', path: '/inject/crypto/on-chain', area: 'inject', ...priv, layout: 'mobile-header', parent: 'injectCrypto' },
  {
    id: 'injectOnChainAsset',
    path: '/inject/crypto/on-chain/:iso',
    area: 'inject',
    ...priv,
    layout: 'mobile-header',
    parent: 'injectOnChain',
    validate: validIso,
  },
  // Wallet payment pages are opened by people without an account: the guard skips them.
  {
    id: 'injectWallet',
    path: '/inject/crypto/on-chain/wallet/:hash',
    area: 'wallet',
    access: 'public',
    layout: 'default',
    validate: validHash,
  },
  { id: 'injectFiat', path: '/inject/fiat', area: 'inject', ...priv, layout: 'none', parent: 'injectCrypto' },
  { id: 'payByCode', path: '/inject/pay-by-code', area: 'inject', ...priv, layout: 'main-nav-menu', ...movesMoney },
  // Pay
  { id: 'pay', path: '/pay', area: 'pay', ...priv, layout: 'mobile-header', parent: 'home', ...movesMoney },
  {
    id: 'payLink',
    path: '/pay/:hash',
    area: 'pay',
    ...priv,
    layout: 'mobile-header',
    parent: 'home',
    validate: validHash,
    ...movesMoney,
  },
  // Money between customers: sending finds the recipient by address; a request may be paid by anyone asked.
  { id: 'send', path: '/send', area: 'pay', ...priv, layout: 'mobile-header', parent: 'home', ...paysCustomers },
  { id: 'moneyRequests', path: '/send/requests', area: 'pay', ...priv, layout: 'mobile-header', parent: 'home', ...movesMoney },
  // KYC
  {
    id: 'kyc',
    path: '/kyc',
    area: 'kyc',
    ...priv,
    layout: 'mobile-header',
    parent: 'profile',
  },
  { id: 'kycDocument', path: '/kyc/document', area: 'kyc', ...priv, layout: 'mobile-header', parent: 'kyc' },
  { id: 'kycPhone', path: '/kyc/phone', area: 'kyc', ...priv, layout: 'mobile-header', parent: 'kyc' },
  { id: 'kycQuestionnaire', path: '/kyc/questionnaire', area: 'kyc', ...priv, layout: 'mobile-header', parent: 'kyc' },
  { id: 'kycSignature', path: '/kyc/signature', area: 'kyc', ...priv, layout: 'mobile-header', parent: 'kyc' },
  // Onboarding
  { id: 'onboardingIntro', path: '/onboarding/intro', area: 'onboarding', ...priv, layout: 'default', links: ['onboardingPush'] },
  {
    id: 'onboardingPush',
    path: '/onboarding/push-notifications',
    area: 'onboarding',
    ...priv,
    layout: 'default',
    parent: 'onboardingIntro',
  },
  // The in-app notifications list, behind the bell of the signed-in layout.
  { id: 'notifications', path: '/notifications', area: 'profile', ...priv, layout: 'main-nav-menu', parent: 'home' },
  // Profile
  {
    id: 'profile',
    path: '/profile',
    area: 'profile',
    ...priv,
    layout: 'main-nav-menu',
    links: ['profileDetails', 'profileSecurity', 'profileLanguage', 'profileInvite', 'priceAlerts', 'kyc', 'help'],
  },
  { id: 'profileDetails', path: '/profile/details', area: 'profile', ...priv, layout: 'main-nav-menu', parent: 'profile' },
  {
    id: 'profileInvite',
    path: '/profile/invite',
    area: 'profile',
    ...priv,
    layout: 'mobile-header',
    parent: 'profile',
    links: ['profileInviteDashboard'],
  },
  {
    id: 'profileInviteDashboard',
    path: '/profile/invite/dashboard',
    area: 'profile',
    ...priv,
    layout: 'main-nav-menu',
    parent: 'profileInvite',
  },
  { id: 'profileLanguage', path: '/profile/language', area: 'profile', ...priv, layout: 'mobile-header', parent: 'profile' },
  { id: 'profileSecurity', path: '/profile/security', area: 'profile', ...priv, layout: 'main-nav-menu', parent: 'profile' },
  // Price alerts: from the profile, and from a price_alert notification.
  { id: 'priceAlerts', path: '/alerts', area: 'profile', ...priv, layout: 'mobile-header', parent: 'profile' },
  // Transfer
  {
    id: 'transfer',
    path: '/transfer',
    area: 'transfer',
    ...priv,
    layout: 'mobile-header',
    parent: 'home',
    links: ['transferCryptoToFiat', 'transferFiatToCrypto', 'recurringBuys'],
    ...movesMoney,
  },
  {
    id: 'transferCryptoToFiat',
    path: '/transfer/crypto-to-fiat',
    area: 'transfer',
    ...priv,
    layout: 'sub-nav-menu',
    parent: 'transfer',
    tabs: 'transfer',
    ...movesMoney,
  },
  {
    id: 'transferFiatToCrypto',
    path: '/transfer/fiat-to-crypto',
    area: 'transfer',
    ...priv,
    layout: 'sub-nav-menu',
    parent: 'transfer',
    tabs: 'transfer',
    ...movesMoney,
  },
  // Plans the customer can still see, pause and cancel when money may no longer move; the server holds the rules for a new one.
  { id: 'recurringBuys', path: '/recurring-buys', area: 'transfer', ...priv, layout: 'mobile-header', parent: 'transfer' },
  // Simulation
  { id: 'simulate', path: '/simulate', area: 'simulate', ...priv, layout: 'sub-nav-menu', parent: 'home', tabs: 'simulate' },
  {
    id: 'simulateAdmin',
    path: '/simulate/admin',
    area: 'simulate',
    ...priv,
    layout: 'sub-nav-menu',
    parent: 'home',
    tabs: 'simulate',
    middleware: ['admin'],
  },
  // Help
  { id: 'help', path: '/help', area: 'help', ...priv, layout: 'mobile-header', parent: 'profile' },
  // Flow explorer for QA and reviewers: reachable signed in or out, also in production builds.
  { id: 'flows', path: '/flows', area: 'flows', access: 'public', layout: 'wide' },
  // Linked where they are accepted (registration, the KYC signature, the terms dialog) and from Help.
  { id: 'terms', path: '/terms', area: 'legal', access: 'public', layout: 'default' },
  { id: 'privacy', path: '/privacy', area: 'legal', access: 'public', layout: 'default' },
];

export const routesById: ReadonlyMap<string, RouteDef> = new Map(routes.map((r) => [r.id, r]));

export function routeById(id: string): RouteDef {
  const route = routesById.get(id);
  if (!route) throw new Error(`Unknown route id: ${id}`);
  return route;
}

/** Fills `:param` placeholders of a route's English path. */
export function pathOf(id: string, params: Record<string, string> = {}): string {
  return routeById(id).path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

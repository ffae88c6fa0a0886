import { useSelector } from '@xstate/react';
import { Component, lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Link,
  NavLink,
  Outlet,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useRouteError,
} from 'react-router';
import { ceremonyActivity } from '../auth/ceremonyActivity';
import { Button } from '../ui/Button';
import { RTL_LOCALES, splitLocalePath } from '../../contract';
import { currentRouteId, type NotFoundData } from '../routes';
import { pathOf, routes, routesById, type Area, type RouteDef } from '../routes/table';
import { ErrorPage } from '../ui/ErrorPage';
import { Icon, type IconName } from '../ui/Icon';
import { ScreenSkeleton } from '../ui/Skeleton';
import { useLocale, useLocalize, useSignedIn, useSystem } from './context';
import { FollowNotifications, NotificationsBell } from './NotificationsBell';
import { useScrollPositions } from './scrollPositions';
import { Toaster, useToastsShown } from './notify';

// Shown only now and then (after a password sign-in, before the idle limit, during a passkey ceremony):
// they load when first needed, not with the entry (docs/performance.md).
const PasskeyOffer = lazy(() => import('../screens/auth/PasskeyOffer').then(({ PasskeyOffer }) => ({ default: PasskeyOffer })));
const StaySignedInDialog = lazy(() =>
  import('../screens/auth/StaySignedInDialog').then(({ StaySignedInDialog }) => ({ default: StaySignedInDialog })),
);
const AcceptTermsDialog = lazy(() =>
  import('../screens/shared/AcceptTermsDialog').then(({ AcceptTermsDialog }) => ({ default: AcceptTermsDialog })),
);
const BiometricSheet = lazy(() => import('../ui/BiometricSheet').then(({ BiometricSheet }) => ({ default: BiometricSheet })));

/**
 * A lazy part of the shell whose code could not load (offline, or a new release removed it) shows
 * nothing instead of replacing the whole page with the error page: the app machine has the failure
 * (`vite:preloadError`) and takes the screen-load failure's path, once online when it happened offline.
 */
class ShellPart extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

/** Mounts its children the first time they are needed and keeps them (a sheet closes itself, with its focus return). */
function OnceNeeded({ needed, children }: { needed: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(needed);
  if (needed && !mounted) setMounted(true);
  return mounted ? <ShellPart>{children}</ShellPart> : null;
}

interface MainNavItem {
  routeId: string;
  icon: IconName;
  /** Areas whose screens light this item up. */
  areas: Area[];
  /** Shown in the desktop rail only; the bottom bar keeps five items. */
  railOnly?: boolean;
}

const MAIN_NAV: MainNavItem[] = [
  { routeId: 'home', icon: 'home', areas: ['home'] },
  { routeId: 'accounts', icon: 'accounts', areas: ['accounts'] },
  { routeId: 'cardAccounts', icon: 'card', areas: ['card-accounts'] },
  { routeId: 'transfer', icon: 'transfer', areas: ['transfer', 'inject', 'pay'] },
  { routeId: 'profile', icon: 'profile', areas: ['profile', 'kyc', 'onboarding'] },
  { routeId: 'help', icon: 'help', areas: ['help'], railOnly: true },
];

function useCurrentRoute(): RouteDef | null {
  const routeId = currentRouteId(useMatches());
  return routeId ? (routesById.get(routeId) ?? null) : null;
}

function Brand() {
  const localize = useLocalize();
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  return (
    <Link className="brand" to={localize(signedIn ? '/' : '/welcome')}>
      <span className="brand-mark" aria-hidden="true">
        M
      </span>
      {t('app.name')}
    </Link>
  );
}

function MainNav({ current }: { current: RouteDef | null }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <nav className="main-nav" aria-label={t('nav.main')}>
      <span className="rail-brand">
        <Brand />
        <NotificationsBell />
      </span>
      <ul>
        {MAIN_NAV.map((item) => {
          const active = current !== null && item.areas.includes(current.area);
          return (
            <li key={item.routeId} className={item.railOnly ? 'rail-only' : undefined}>
              <Link to={localize(pathOf(item.routeId))} aria-current={active ? 'page' : undefined}>
                <Icon name={item.icon} />
                <span>{t(`nav.${item.routeId}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SubNav({ group }: { group: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // Tabs wider than a phone scroll sideways, from the start of the reading direction: a later tab that is
  // the current one (the right-to-left "buy" tab at 390 px) would sit cut at the edge. The strip scrolls to
  // it by itself, never the page (that would undo the scroll position restored on back) — when the page
  // opens and whenever the strip's width changes (a desktop window narrowed to a phone's).
  useLayoutEffect(() => {
    const strip = nav.current;
    if (!strip) return;
    const showCurrent = () => {
      const current = strip.querySelector('[aria-current="page"]');
      if (!current) return;
      const padding = parseFloat(getComputedStyle(strip).paddingLeft) || 0;
      const outer = strip.getBoundingClientRect();
      const inner = current.getBoundingClientRect();
      if (inner.left < outer.left + padding) strip.scrollBy({ left: inner.left - outer.left - padding });
      else if (inner.right > outer.right - padding) strip.scrollBy({ left: inner.right - outer.right + padding });
    };
    showCurrent();
    const resized = new ResizeObserver(showCurrent);
    resized.observe(strip);
    return () => resized.disconnect();
  }, [pathname]);
  return (
    <nav ref={nav} className="sub-nav" aria-label={t('nav.sections')}>
      {routes
        .filter((r) => r.tabs === group)
        .map((r) => (
          <NavLink key={r.id} to={localize(r.path)} end>
            {t(`screens.${r.id}.tab`, { defaultValue: t(`screens.${r.id}.title`) })}
          </NavLink>
        ))}
    </nav>
  );
}

function BackLink({ parent }: { parent: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <Link className="icon-button" to={localize(pathOf(parent))} aria-label={t('nav.back')}>
      <Icon name="back" />
    </Link>
  );
}

/** The screen itself, with a skeleton while its area's code loads. */
function Screen() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<ScreenSkeleton label={t('app.loading')} />}>
      <Outlet />
    </Suspense>
  );
}

function Frame({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const rtl = RTL_LOCALES.has(useLocale());
  const toastsShown = useToastsShown();
  const askingToStay = useSelector(useSystem().idle, (snapshot) => snapshot.hasTag('askingToStay'));
  const inCeremony = useSyncExternalStore(ceremonyActivity.subscribe, ceremonyActivity.active, () => false);
  const offline = useSelector(useSystem().app, (snapshot) => snapshot.hasTag('offline'));
  const termsAsked = useSelector(useSystem().acceptTerms, (snapshot) => snapshot.hasTag('open'));
  return (
    <div className={className ? `app-frame ${className}` : 'app-frame'}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {/* Always present, so the notice is announced when it appears. */}
      <p className={offline ? 'offline-notice' : 'visually-hidden'} role="status">
        {offline ? t('app.offline.notice') : null}
      </p>
      {children}
      {toastsShown && (
        <ShellPart>
          <Toaster position={rtl ? 'top-left' : 'top-right'} dir={rtl ? 'rtl' : 'ltr'} richColors />
        </ShellPart>
      )}
      <OnceNeeded needed={inCeremony}>
        <BiometricSheet activity={ceremonyActivity} />
      </OnceNeeded>
      <OnceNeeded needed={askingToStay}>
        <StaySignedInDialog />
      </OnceNeeded>
      <OnceNeeded needed={termsAsked}>
        <AcceptTermsDialog />
      </OnceNeeded>
    </div>
  );
}

/** Picks the layout the route table names for the current route. */
export function Shell() {
  const { t } = useTranslation();
  useScrollPositions();
  const current = useCurrentRoute();
  const signedIn = useSignedIn();
  const layout = current?.layout ?? (signedIn ? 'main-nav-menu' : 'default');
  const title = current ? t(`screens.${current.id}.title`) : t('errors.notFound.status');
  const pageTitle = <title>{`${title} · ${t('app.name')}`}</title>;
  const heading = current ? <h1 className="page-title">{title}</h1> : null;

  switch (layout) {
    case 'none':
      return (
        <Frame>
          {pageTitle}
          <main id="main" className="page">
            {heading}
            <Screen />
          </main>
        </Frame>
      );
    case 'main-nav-menu':
      return (
        <Frame className="with-main-nav">
          {pageTitle}
          <header className="topbar topbar--mobile-only">
            {current?.parent && current.tabs === undefined ? <BackLink parent={current.parent} /> : null}
            <Brand />
            <NotificationsBell />
          </header>
          <MainNav current={current} />
          <FollowNotifications />
          <main id="main" className="page page--wide">
            {heading}
            {current?.id === 'home' ? (
              <ShellPart>
                <PasskeyOffer />
              </ShellPart>
            ) : null}
            {current?.tabs ? <SubNav group={current.tabs} /> : null}
            <Screen />
          </main>
        </Frame>
      );
    case 'mobile-header':
    case 'sub-nav-menu':
      return (
        <Frame>
          {pageTitle}
          <header className="topbar">
            {current?.parent ? <BackLink parent={current.parent} /> : null}
            <h1 className="topbar-title">{title}</h1>
          </header>
          <main id="main" className="page">
            {layout === 'sub-nav-menu' && current?.tabs ? <SubNav group={current.tabs} /> : null}
            <Screen />
          </main>
        </Frame>
      );
    case 'default':
    case 'wide':
      return (
        <Frame>
          {pageTitle}
          <header className="topbar">
            {current?.parent ? <BackLink parent={current.parent} /> : null}
            <Brand />
          </header>
          <main id="main" className={layout === 'wide' ? 'page page--wide' : 'page'}>
            {heading}
            <Screen />
          </main>
        </Frame>
      );
  }
}

/** A path that matches no route: a non-fatal 404 inside the shell. */
export function NotFoundInShell() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const signedIn = useSignedIn();
  const data = useLoaderData() as NotFoundData | null;
  const location = useLocation();
  return (
    <ErrorPage
      status={404}
      statusMessage={t('errors.notFound.status')}
      description={t('errors.notFound.inShell', { path: data?.notFoundPath ?? location.pathname })}
      action={
        <div className="button-row">
          <Link className="button button--primary" to={localize(signedIn ? '/' : '/welcome')}>
            {t('errors.backHome')}
          </Link>
          {/* Help is for signed-in customers (the route guard); a lost link is often a question it answers. */}
          {signedIn ? (
            <Link className="button" to={localize('/help')}>
              {t('help.errorHelp')}
            </Link>
          ) : null}
        </div>
      }
    />
  );
}

/** Failed validation (404) or any other error thrown while opening a page (500). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const location = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error('[meridian] page failed', error);
  const home = splitLocalePath(location.pathname).locale;
  const homeHref = home === 'en' ? '/' : `/${home}`;
  return (
    <Frame>
      <header className="topbar">
        <a className="brand" href={homeHref}>
          <span className="brand-mark" aria-hidden="true">
            M
          </span>
          {t('app.name')}
        </a>
      </header>
      <main id="main" className="page">
        {notFound ? (
          <ErrorPage
            status={404}
            statusMessage={t('errors.notFound.status')}
            description={t('errors.notFound.withPath', { path: location.pathname })}
            action={
              // A full load, as the brand link above: this page replaced the app's shell.
              <a className="button button--primary" href={homeHref}>
                {t('errors.backHome')}
              </a>
            }
          />
        ) : (
          <ErrorPage
            status={isRouteErrorResponse(error) ? error.status : 500}
            statusMessage={t('errors.internal.status')}
            description={t('errors.internal.description')}
            action={
              <Button variant="primary" onClick={() => window.location.reload()}>
                {t('errors.reload')}
              </Button>
            }
          />
        )}
      </main>
    </Frame>
  );
}

/**
 * A page that failed to open (its code or its checks need the server). Offline it says so inside the
 * shell, whose navigation stays; once online, a missing screen takes the screen-load failure's path (the
 * page reloads, or the error page when that rule gives up) and a page whose checks failed opens again.
 * Any other failure is the error page's (RouteError), as before.
 */
export function ScreenError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const system = useSystem();
  const location = useLocation();
  const navigate = useNavigate();
  const offline = useSelector(system.app, (snapshot) => snapshot.hasTag('offline'));
  const reloading = useSelector(system.chunkReload, (snapshot) => snapshot.status === 'done');
  const gaveUp = useSelector(system.chunkReload, (snapshot) => snapshot.hasTag('gaveUp'));
  const [failedOffline] = useState(offline);
  const retry = failedOffline && !offline && !reloading && !gaveUp;
  useEffect(() => {
    if (retry) void navigate(location, { replace: true });
  }, [retry, navigate, location]);
  if (!failedOffline || gaveUp) throw error;
  if (!offline) return <ScreenSkeleton label={t('app.loading')} />;
  return (
    <section className="error-page" aria-labelledby="screen-offline">
      <h2 className="error-status" id="screen-offline">
        {t('app.offline.screenTitle')}
      </h2>
      <p className="error-description">{t('app.offline.screen')}</p>
    </section>
  );
}

export function ShellFallback() {
  const { t } = useTranslation();
  return <ScreenSkeleton label={t('app.loading')} />;
}

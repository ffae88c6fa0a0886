import { LOCALE_TAGS, RTL_LOCALES, splitLocalePath, type Locale } from '../contract/locales';
import { providerChoice, SOCIAL_PROVIDERS, type SocialProvider } from '../contract/social';
import type { PrerenderedPages, PreloadManifest } from './preload-manifest';

/** The route whose pattern matches `basePath`; a literal segment beats a `:param` at the same place. */
function matchRoute(manifest: PreloadManifest, basePath: string) {
  const segments = basePath.split('/').filter(Boolean);
  let best: { route: PreloadManifest['routes'][number]; literals: number } | undefined;
  for (const route of manifest.routes) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    if (!pattern.every((part, index) => part.startsWith(':') || part === segments[index])) continue;
    const literals = pattern.filter((part) => !part.startsWith(':')).length;
    if (!best || literals > best.literals) best = { route, literals };
  }
  return best?.route ?? { modules: [], styles: [] };
}

/**
 * What the app fetches before its first render on every page: the route guard waits for the operators'
 * route rules (src/platform/routeRules.ts). Preloaded as `fetch` in `cors` mode with the same URL and
 * options as the app's own `fetch`, the browser hands that fetch the preloaded answer instead of asking
 * again once the entry has run.
 */
const FIRST_RENDER_FETCHES = ['route-rules.json'];

/**
 * index.html for one page: `lang` and `dir` of its locale (no right-to-left reflow once the app runs) and
 * a `modulepreload` for the route's screen chunks and the locale's messages, and a fetch preload for what
 * the first render reads, which the browser then fetches alongside the entry instead of after it.
 *
 * With `prerendered` (the build's rendering of this page), `#root` holds its markup and the document its
 * title: the page paints from the HTML and the stylesheet alone, and the app takes it over (src/main.tsx).
 * Its scripts then wait for that first paint (public/app-start.js loads the entry and adds the preloads
 * after it), so on a slow link the paint does not share the bandwidth with them.
 *
 * `socialProviders` (the configured ones) go into `<html data-social>`, where the app reads which
 * "Continue with …" buttons to show (src/platform/socialProviders.ts), and the prerendered markup, built
 * with every provider, loses the others' buttons: what paints is what the app hydrates, no shift.
 * In demo mode `<html data-demo>` tells the app to load its live flow view (src/platform/demoMode.ts).
 */
/** What this server writes into every page it serves, whatever the page. */
export interface PageFlags {
  /** The configured sign-in providers. */
  socialProviders: readonly SocialProvider[];
  /** The server runs in demo mode. */
  demoMode: boolean;
}

export function pageHtml(
  template: string,
  manifest: PreloadManifest | undefined,
  urlPath: string,
  { socialProviders, demoMode }: PageFlags,
  prerendered?: NonNullable<PrerenderedPages[string]>,
): { html: string; key: string } {
  const { locale, basePath } = splitLocalePath(urlPath);
  const route = manifest ? matchRoute(manifest, basePath) : { modules: [], styles: [] };
  const modules = manifest ? [...new Set([...(manifest.messages[locale] ?? []), ...manifest.startup, ...route.modules])] : [];
  // The screen's own stylesheet in the head, as the app's stylesheet is: the screen's markup (prerendered,
  // or rendered once its chunk ran) is styled from its first paint instead of reflowing when the chunk
  // adds the sheet (home's balances moved 0.2 of the viewport so). Vite's loader sees the link and skips it.
  const styles = route.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
  const html = template
    .replace(
      /<html lang="[^"]*" dir="[^"]*">/,
      `<html lang="${locale}" dir="${direction(locale)}"${demoMode ? ' data-demo=""' : ''} data-social="${socialProviders.join(' ')}">`,
    )
    .replace('</head>', () => `${styles}</head>`);
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (prerendered && entry) {
    const preloads = [...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!), ...modules.map((file) => `/${file}`)];
    const start = `<script type="module" src="/app-start.js" data-entry="${entry}" data-preload="${[
      ...preloads,
      ...FIRST_RENDER_FETCHES.map((file) => `/${file}`),
    ].join(' ')}"></script>`;
    return {
      // Functions as replacements: a `$` in the markup is text, not a replacement pattern.
      html: html
        .replace(ENTRY_SCRIPT, '')
        .replace(MODULE_PRELOAD, '')
        .replace('</head>', () => `${start}</head>`)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${prerendered.title}</title>`)
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root" data-prerendered="${prerendered.audience}">${offeredSocial(prerendered.root, socialProviders, locale)}</div>`,
        ),
      key: `${urlPath} prerendered`,
    };
  }
  const links = [
    ...modules.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...FIRST_RENDER_FETCHES.map((file) => `<link rel="preload" as="fetch" crossorigin href="/${file}">`),
  ].join('');
  return { html: html.replace('</head>', `${links}</head>`), key: `${locale} ${[...modules, ...route.styles].join(' ')}` };
}

/**
 * The prerendered markup with only the configured providers' buttons (src/screens/auth/SocialSignInScreen.tsx
 * marks the block `data-social=""`, each button `data-social="<provider>"` and the consent sentence's
 * names `data-social-names`), or without the block when none is, as the app renders it then.
 */
function offeredSocial(root: string, providers: readonly SocialProvider[], locale: Locale): string {
  if (providers.length === 0) return root.replace(/<div[^>]* data-social=""[^>]*>[\s\S]*?<\/div>/g, '');
  return SOCIAL_PROVIDERS.filter((provider) => !providers.includes(provider))
    .reduce((markup, provider) => markup.replace(new RegExp(`<a[^>]* data-social="${provider}"[^>]*>[\\s\\S]*?</a>`, 'g'), ''), root)
    .replace(
      /(<span data-social-names="">)[^<]*(<\/span>)/g,
      (_, open: string, close: string) => open + providerChoice(LOCALE_TAGS[locale], providers) + close,
    );
}

/** What Vite writes into index.html for the entry and its static imports. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

const direction = (locale: Locale) => (RTL_LOCALES.has(locale) ? 'rtl' : 'ltr');

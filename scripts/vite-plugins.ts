// Build-time plugins for the first load: the preload manifest the server reads, and precompressed copies
// of every asset. Run by vite.config.ts, so `npm run build` and `npm run bench:bundle` share them.
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { createServer, runnerImport, type Plugin, type ResolvedConfig } from 'vite';
// With its extension: Vite loads its config natively, without resolving extensionless imports.
import {
  PRELOAD_MANIFEST,
  PRERENDERED_PAGES,
  type Audience,
  type PreloadManifest,
  type PrerenderedPages,
} from '../server/preload-manifest.ts';
type RouteTable = typeof import('../src/routes/table');
type Contract = typeof import('../contract/endpoints');
type Prerender = typeof import('../src/prerender');
type Locales = typeof import('../contract/locales');

/**
 * Writes `.vite/preload.json` (route pattern → its lazy chunks, locale → its messages chunk), so the
 * server can list in each page's HTML what the entry would otherwise discover only after it ran.
 * Each area's screens are the chunk of `src/screens/<area>/index.ts(x)` (src/routes/index.tsx loads them
 * so); an area without one shows the shared RouteScreen.
 */
export function preloadManifest(): Plugin {
  const root = path.resolve(import.meta.dirname, '..');
  return {
    name: 'meridian-preload-manifest',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
      // Module (relative path) → the chunk that holds it.
      const byModule = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [path.relative(root, id), chunk] as const)));
      // A module imported dynamically may sit inside a shared chunk and be reached through a small facade
      // chunk that re-exports it (a locale's messages do): the import loads the facade, so it is preloaded too.
      for (const chunk of chunks) {
        if (chunk.isDynamicEntry && chunk.facadeModuleId) byModule.set(path.relative(root, chunk.facadeModuleId), chunk);
      }
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const loadedByEntry = new Set(staticClosure(entry, bundle));
      // What a lazy chunk needs that the entry does not already bring.
      const needs = (chunk: OutputChunk | undefined) =>
        chunk ? staticClosure(chunk, bundle).filter((file) => !loadedByEntry.has(file)) : [];
      const entryStyles = new Set(stylesOf(loadedByEntry, bundle));
      const areaChunk = (area: string) =>
        byModule.get(`src/screens/${area}/index.ts`) ??
        byModule.get(`src/screens/${area}/index.tsx`) ??
        byModule.get('src/screens/shared/RouteScreen.tsx');
      const routeOf = (area: string) => {
        const modules = needs(areaChunk(area));
        return { modules, styles: stylesOf(modules, bundle).filter((file) => !entryStyles.has(file)) };
      };

      // Loaded through Vite, as the app's own source is (it imports without extensions).
      const { routes } = (await runnerImport<RouteTable>(path.join(root, 'src', 'routes', 'table.ts'), { configFile: false })).module;
      const manifest: PreloadManifest = {
        routes: routes.map((route) => ({ path: route.path, ...routeOf(route.area) })),
        startup: STARTUP_MODULES.flatMap((id) => needs(byModule.get(id))),
        messages: Object.fromEntries(
          [...byModule].flatMap(([id, chunk]) => {
            const locale = /^locales\/([a-z]{2})\.json$/.exec(id)?.[1];
            return locale ? [[locale, needs(chunk)]] : [];
          }),
        ),
      };
      this.emitFile({ type: 'asset', fileName: PRELOAD_MANIFEST, source: JSON.stringify(manifest) });
    },
  };
}

export const ENDPOINT_ROUTES_MODULE = 'virtual:meridian/endpoint-routes';
const ROUTE_MODULE_PREFIX = `${ENDPOINT_ROUTES_MODULE}/`;
const ERROR_DATA_MODULE_PREFIX = 'virtual:meridian/endpoint-error-data/';

/**
 * `virtual:meridian/endpoint-routes`: the contract's endpoint table with only what a call needs (method
 * and path). The app imports this instead of the table, so no zod schema reaches the browser: the server
 * validates every body and every answer with them (server/http/route.ts). It re-exports one module per
 * endpoint (`…/endpoint-routes/<name>`), all side-effect free, so each route lands in the chunk of the
 * code that calls it: the entry carries only the shell's, a screen's chunk its own. An endpoint whose
 * refusals carry data (`errorData`) gets a loader of its schemas, a chunk of their own
 * (`…/endpoint-error-data/<name>`, importing the endpoint's area file) that loads with the first such refusal.
 */
export function endpointRoutes(): Plugin {
  const endpointsDir = path.resolve(import.meta.dirname, '..', 'contract', 'endpoints');
  const contractFile = path.join(endpointsDir, 'index.ts');
  let table: ReturnType<typeof runnerImport<Contract>> | undefined;
  const contract = () => (table ??= runnerImport<Contract>(contractFile, { configFile: false }));
  return {
    name: 'meridian-endpoint-routes',
    resolveId: (source) =>
      source === ENDPOINT_ROUTES_MODULE || source.startsWith(ROUTE_MODULE_PREFIX) || source.startsWith(ERROR_DATA_MODULE_PREFIX)
        ? { id: `\0${source}`, moduleSideEffects: false }
        : undefined,
    // A changed contract file is read again (`npm run dev`).
    watchChange(id) {
      if (id.includes(`${path.sep}contract${path.sep}`)) table = undefined;
    },
    async load(id) {
      if (id.startsWith(`\0${ERROR_DATA_MODULE_PREFIX}`))
        return errorDataModule(endpointsDir, id.slice(`\0${ERROR_DATA_MODULE_PREFIX}`.length));
      if (!id.startsWith(`\0${ENDPOINT_ROUTES_MODULE}`)) return;
      const { module, dependencies } = await contract();
      for (const file of dependencies) this.addWatchFile(file);
      if (id === `\0${ENDPOINT_ROUTES_MODULE}`)
        return Object.keys(module.endpoints)
          .map((name) => `export { default as ${name} } from '${ROUTE_MODULE_PREFIX}${name}';`)
          .join('\n');
      const name = id.slice(`\0${ROUTE_MODULE_PREFIX}`.length) as keyof Contract['endpoints'];
      const endpoint = module.endpoints[name];
      if (!endpoint) return;
      const route = JSON.stringify({ method: endpoint.method, path: endpoint.path });
      if (!('errorData' in endpoint)) return `export default ${route};`;
      return `export default { ...${route}, errorData: () => import('${ERROR_DATA_MODULE_PREFIX}${name}').then((module) => module.default) };`;
    },
  };
}

/** The module of an endpoint's `errorData`: read from its area file (`<name>: endpoint(` under `export const <area> = {`). */
async function errorDataModule(endpointsDir: string, name: string): Promise<string> {
  for (const file of await readdir(endpointsDir)) {
    const source = await readFile(path.join(endpointsDir, file), 'utf8');
    const area = /^export const (\w+) = \{/m.exec(source)?.[1];
    if (area && new RegExp(`^  ${name}: endpoint\\(`, 'm').test(source))
      return `import { ${area} } from '${path.join(endpointsDir, file)}';\nexport default ${area}.${name}.errorData;`;
  }
  throw new Error(`The error data of endpoint ${name}: no file of contract/endpoints defines it`);
}

/** Modules the entry imports dynamically on every start: route-rules.json's schema (src/platform/routeRules.ts). */
const STARTUP_MODULES = ['contract/browser.ts'];

/** A chunk's file and, recursively, every chunk it imports statically (what must load before it runs). */
function staticClosure(chunk: OutputChunk, bundle: OutputBundle, seen = new Set<string>()): string[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  for (const file of chunk.imports) {
    const imported = bundle[file];
    if (imported?.type === 'chunk') staticClosure(imported, bundle, seen);
  }
  return [...seen];
}

/** The stylesheets Vite split off for these chunks (a screen's own CSS), which their import would add to the page. */
function stylesOf(files: Iterable<string>, bundle: OutputBundle): string[] {
  const styles = new Set<string>();
  for (const file of files) {
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
  }
  return [...styles];
}

/**
 * After the app's build, renders its most opened pages (src/prerender.tsx: /welcome and /login for
 * guests, / and /profile/security for customers) in every locale into `.vite/prerendered.json`, which the server puts into those pages' HTML. The source runs
 * through a Vite server in middleware mode (same config, aliases and virtual modules as the app), so no
 * second bundle is built; the markup is the one a production build renders.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'meridian-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const entry = config && path.join(config.root, 'src', 'prerender.tsx');
        const outDir = config && path.resolve(config.root, config.build.outDir);
        // Only the app has pages to prerender (not `bench:bundle`'s minimal app), and only a build that wrote it.
        if (!config || !entry || !outDir || config.build.ssr || !existsSync(entry) || !existsSync(path.join(outDir, 'index.html'))) return;
        const server = await createServer({
          configFile: config.configFile,
          root: config.root,
          mode: 'production',
          logLevel: 'warn',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const { PRERENDERED_ROUTES, prerenderedPath, prerenderPage } = (await server.ssrLoadModule(entry)) as Prerender;
          const { LOCALES, localizePath } = (await server.ssrLoadModule(path.join(config.root, 'contract', 'locales.ts'))) as Locales;
          const pages: PrerenderedPages = {};
          for (const [routeId, audience] of Object.entries(PRERENDERED_ROUTES) as [keyof typeof PRERENDERED_ROUTES, Audience][]) {
            for (const locale of LOCALES) {
              const pagePath = localizePath(prerenderedPath(routeId), locale);
              pages[pagePath] = { ...(await prerenderPage(pagePath, audience)), audience };
            }
          }
          await writeFile(path.join(outDir, PRERENDERED_PAGES), JSON.stringify(pages));
        } finally {
          await server.close();
        }
      },
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|webmanifest|wasm|xml)$/;
/** Below this, compression saves less than a packet and costs the browser a decoding step. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to every text asset of the build, once,
 * so the server never compresses a static file per request. Source maps and the build's own
 * bookkeeping (`.vite/`) are left alone: they are not served.
 */
export function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let config: ResolvedConfig | undefined;
  return {
    name: 'meridian-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After Vite has written the bundle and copied public/.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!config) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        // closeBundle also follows a failed build, which wrote nothing.
        if (!existsSync(outDir)) return;
        const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite'));
        await Promise.all(
          files.map(async (file) => {
            const full = path.join(outDir, file);
            if ((await stat(full)).size < MIN_BYTES) return;
            const source = await readFile(full);
            const [br, gzipped] = await Promise.all([
              brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
              gz(source, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
          }),
        );
      },
    },
  };
}

/** An ESTree node as far as the walk below needs it. */
interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** A text written out in the source: a string, a template without placeholders, or such texts joined by `+`. */
function isStaticText(node: AstNode): boolean {
  if (node.type === 'Literal') return typeof node.value === 'string';
  if (node.type === 'TemplateLiteral') return (node.expressions as unknown[]).length === 0;
  if (node.type === 'BinaryExpression' && node.operator === '+')
    return isStaticText(node.left as AstNode) && isStaticText(node.right as AstNode);
  return false;
}

const propertyName = (node: AstNode) => {
  if (node.type !== 'Property' || node.computed) return null;
  const key = node.key as AstNode;
  return key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' ? String(key.value) : null;
};

/** Keys of a machine configuration whose values are data the machine runs with, never diagram text. */
const MACHINE_DATA_KEYS = new Set(['context', 'input', 'params', 'meta', 'output']);

/**
 * Leaves the plain-words `description`s of states, transitions and machines out of the app's bundle (build
 * only): they are for reviewers, who read them in `/flows` from the data `npm run flows` generates, and in
 * `docs/flows/`. Written in every state and transition, they were a fifth of the start's own code (5 KB
 * brotli of 27: docs/performance.md). Tests and development run the machines with them. Only those of the
 * configuration given to `createMachine` go, outside its data (`context`, an actor's `input`, an action's
 * `params`…) and outside any call or function in it: elsewhere a `description` is data (a form's field
 * error). Each is replaced by as many spaces (its line breaks kept), so no code moves and the source map
 * stays true.
 */
export function machineDescriptionsOut(): Plugin {
  return {
    name: 'meridian-machine-descriptions-out',
    apply: 'build',
    enforce: 'post',
    transform: {
      filter: { id: /[\\/]machines[\\/][^?]*\.ts$/ },
      handler(code, id) {
        const cuts: [number, number][] = [];
        /** `inConfig`: inside the configuration object given to `createMachine`, outside any call or function in it. */
        const visit = (node: AstNode, inConfig: boolean) => {
          if (node.type === 'CallExpression') {
            const callee = node.callee as AstNode;
            const name =
              callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? (callee.property as AstNode).name : null;
            if (name === 'createMachine') {
              const [config] = node.arguments as AstNode[];
              if (config) visit(config, true);
              return;
            }
            // Arguments of a call inside the configuration (an `assign({...})`) are the machine's data.
            inConfig = false;
          }
          if (/Function/.test(node.type)) inConfig = false;
          const name = propertyName(node);
          if (inConfig && name !== null && MACHINE_DATA_KEYS.has(name)) return;
          if (inConfig && name === 'description' && isStaticText(node.value as AstNode)) {
            if (!code.startsWith('description', node.start) && !code.startsWith(`'description'`, node.start)) {
              throw new Error(`${id}: a description's position does not match its text`);
            }
            // The property's comma goes with it; one left after the last property is allowed.
            const comma = /^\s*,/.exec(code.slice(node.end));
            cuts.push([node.start, node.end + (comma ? comma[0].length : 0)]);
            return;
          }
          for (const value of Object.values(node)) {
            if (Array.isArray(value)) value.forEach((item) => isNode(item) && visit(item, inConfig));
            else if (isNode(value)) visit(value, inConfig);
          }
        };
        visit(this.parse(code) as unknown as AstNode, false);
        if (cuts.length === 0) return null;
        let out = '';
        let at = 0;
        for (const [start, end] of cuts) {
          out += code.slice(at, start) + code.slice(start, end).replace(/[^\n]/g, ' ');
          at = end;
        }
        return { code: out + code.slice(at), map: null };
      },
    },
  };
}

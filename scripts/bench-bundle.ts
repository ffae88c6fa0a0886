// `npm run bench:bundle`: builds the app and a minimal app of the same framework packages
// (scripts/bench/minimal-app) with the same Vite config, and prints the brotli bytes of what must arrive
// before each one's first render: the entry script with its static imports. The route and locale chunks
// the server preloads are printed apart. Figures and targets: docs/performance.md.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { PRELOAD_MANIFEST, type PreloadManifest } from '../server/preload-manifest';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'node_modules', '.cache', 'bench-bundle');
/** The ratio issue 9 asks for: the app's entry at most a quarter above the framework's own weight. */
const TARGET_RATIO = 1.25;
const SAMPLE_ROUTES = ['/welcome', '/login', '/', '/profile/security'];

async function buildInto(appRoot: string, outDir: string) {
  await rm(outDir, { recursive: true, force: true });
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    root: appRoot,
    logLevel: 'warn',
    mode: 'production',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return outDir;
}

const brotliSize = async (outDir: string, file: string) =>
  brotliCompressSync(await readFile(path.join(outDir, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

async function sum(outDir: string, files: Iterable<string>) {
  let total = 0;
  for (const file of files) total += await brotliSize(outDir, file);
  return total;
}

/** The entry chunk's file and every chunk it imports statically, and the CSS they bring. */
async function entryClosure(outDir: string) {
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  if (entry) visit(entry);
  return { scripts, styles };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const appOut = await buildInto(root, path.join(out, 'app'));
const minimalOut = await buildInto(path.join(root, 'scripts', 'bench', 'minimal-app'), path.join(out, 'minimal'));

const app = await entryClosure(appOut);
const minimal = await entryClosure(minimalOut);
const appBytes = await sum(appOut, app.scripts);
const minimalBytes = await sum(minimalOut, minimal.scripts);

console.log('\nBefore the first render (entry script + static imports, brotli q11):');
console.log(`  app      ${kb(appBytes).padStart(9)}  ${[...app.scripts].map((file) => path.basename(file)).join(', ')}`);
console.log(`  minimal  ${kb(minimalBytes).padStart(9)}  ${[...minimal.scripts].map((file) => path.basename(file)).join(', ')}`);
console.log(`  app CSS  ${kb(await sum(appOut, app.styles)).padStart(9)}`);

const preload = JSON.parse(await readFile(path.join(appOut, PRELOAD_MANIFEST), 'utf8')) as PreloadManifest;
console.log('\nPreloaded with the page (brotli q11):');
for (const route of SAMPLE_ROUTES) {
  const modules = preload.routes.find((candidate) => candidate.path === route)?.modules ?? [];
  console.log(`  route ${route.padEnd(18)} ${kb(await sum(appOut, modules)).padStart(9)}`);
}
console.log(`  every start            ${kb(await sum(appOut, preload.startup)).padStart(9)}`);
for (const locale of ['en', 'ar'])
  console.log(`  messages ${locale.padEnd(15)} ${kb(await sum(appOut, preload.messages[locale] ?? [])).padStart(9)}`);

const ratio = appBytes / minimalBytes;
console.log(`\nRatio app / minimal: ${ratio.toFixed(3)} (target ≤ ${TARGET_RATIO}; ${appBytes} / ${minimalBytes} bytes)`);

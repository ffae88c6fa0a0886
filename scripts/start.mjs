// `npm start`: builds the app when dist/ is missing or older than its sources, then runs the server
// (server/main.ts through tsx), which serves the app and the API on one origin. With `--build-only` it
// stops after the build (`npm test` builds beside its static checks, so Playwright's server finds it fresh).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'index.html');
/** Everything the Vite build reads. */
const SOURCES = [
  'src',
  'machines',
  'contract',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/vite-plugins.ts',
  'package.json',
];

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(target).map((entry) => newestChange(path.join(target, entry))));
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((source) => newestChange(path.join(root, source))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'The app changed since the last build; building…' : 'Building the app…');
  // Always a production build: an inherited NODE_ENV (test, development) would make Vite build a dev bundle.
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (process.argv.includes('--build-only')) process.exit(0);

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit' });
// The server shuts down gracefully on these; this wrapper only passes them on and waits.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// `npm run build:server [outdir]`: bundles the server (server/main.ts) into one ES module,
// dist-server/main.mjs by default, for `NODE_ENV=production node dist-server/main.mjs` without tsx.
// Packages stay external (node_modules is needed at run time, as for `npm start`). The SQL migrations
// are copied next to the bundle (and the statements' fonts, server/statements/fonts/, and the PDF check's worker): server/db/migrate.ts looks for `./migrations/` beside the module
// that contains it, which in the bundle is main.mjs.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.resolve(process.argv[2] ?? path.join(root, 'dist-server'));

// Only what this script writes, so a stale migration never outlives its removal from the repository.
for (const entry of ['main.mjs', 'main.mjs.map', 'migrations', 'fonts', 'pdf-inspect.worker.mjs'])
  rmSync(path.join(outdir, entry), { recursive: true, force: true });

await build({
  entryPoints: [path.join(root, 'server', 'main.ts')],
  outfile: path.join(outdir, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(outdir, 'migrations'), {
  recursive: true,
  filter: (source) => !path.basename(source).startsWith('.'),
});
// The statements' fonts: server/statements/pdf.ts looks for `./fonts/` beside its module, as migrate.ts does.
cpSync(path.join(root, 'server', 'statements', 'fonts'), path.join(outdir, 'fonts'), {
  recursive: true,
  filter: (source) => !path.basename(source).startsWith('.'),
});
// The KYC PDF check's worker thread: server/services/kyc-files.ts starts it from beside its module.
cpSync(path.join(root, 'server', 'services', 'pdf-inspect.worker.mjs'), path.join(outdir, 'pdf-inspect.worker.mjs'));
console.log(`Wrote ${path.relative(process.cwd(), path.join(outdir, 'main.mjs')) || 'main.mjs'} and its migrations/`);

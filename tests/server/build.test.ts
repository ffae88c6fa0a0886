import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../server/db/seed';
import { login, productionEnv, root, startRatesFeed, startServer, type RunningServer } from './productionServer';

// Inside the repository, so the bundle finds node_modules as dist-server/main.mjs does (packages stay external).
const cacheDir = path.join(root, 'node_modules', '.cache');
mkdirSync(cacheDir, { recursive: true });
const outdir = mkdtempSync(path.join(cacheDir, 'meridian-build-test-'));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-build-data-'));
let server: RunningServer | undefined;
let feed: Awaited<ReturnType<typeof startRatesFeed>> | undefined;

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await feed?.close();
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server (npm run build:server)', () => {
  it("bundles, starts with the README's production command, answers the API, seeds no one and stops cleanly on SIGTERM", async () => {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs'), outdir], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    // The KYC PDF check's worker thread is started from beside the bundle.
    expect(existsSync(path.join(outdir, 'pdf-inspect.worker.mjs'))).toBe(true);

    feed = await startRatesFeed();
    // Run from another folder: nothing may depend on the working directory being the repository.
    server = await startServer([path.join(outdir, 'main.mjs')], { cwd: dataDir, env: productionEnv(feed.url, dataDir) });
    const { port, output } = server;
    expect(output()).toContain('production');
    expect(output()).not.toContain('Demo customer:');

    const response = await fetch(`http://127.0.0.1:${port}/api/users/me`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } });
    // Production leaves out the development routes.
    expect((await fetch(`http://127.0.0.1:${port}/api/dev/outbox?to=a@b.test`)).status).toBe(404);
    for (const { email, password } of [DEMO_CUSTOMER, DEMO_ADMIN]) {
      expect(await (await login(port, email, password)).json()).toMatchObject({ error: { code: 'invalid_credentials' } });
    }

    expect(await server.stop(), output()).toEqual([0, null]);
    expect(output()).toContain('server.stopping');
  }, 180_000);
});

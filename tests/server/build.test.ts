import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
// Inside the repository, so the bundle finds node_modules as dist-server/main.mjs does (packages stay external).
const cacheDir = path.join(root, 'node_modules', '.cache');
mkdirSync(cacheDir, { recursive: true });
const outdir = mkdtempSync(path.join(cacheDir, 'meridian-build-test-'));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-build-data-'));
let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves with the port the server prints once it listens; rejects if it exits first. */
function listeningPort(server: ChildProcess, output: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onData = () => {
      const match = /running at http:\/\/localhost:(\d+)/.exec(output());
      if (match) resolve(Number(match[1]));
    };
    server.stdout!.on('data', onData);
    server.once('exit', (code, signal) => reject(new Error(`The server exited (${code ?? signal}) before listening:\n${output()}`)));
  });
}

describe('the compiled server (npm run build:server)', () => {
  it('bundles, starts with NODE_ENV=production, answers the API and stops cleanly on SIGTERM', async () => {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs'), outdir], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    // The KYC PDF check's worker thread is started from beside the bundle.
    expect(existsSync(path.join(outdir, 'pdf-inspect.worker.mjs'))).toBe(true);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: 'build-test-secret-build-test-secret-0123',
      CARD_KEY: '0123456789abcdef'.repeat(4),
      KYC_KEY: 'fedcba9876543210'.repeat(4),
      PUBLIC_ORIGIN: 'https://app.example',
      PORT: '0',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-app-built'),
    };
    // The embedded database: this test is about the bundle, not the database engine.
    delete env.DATABASE_URL;
    delete env.DATABASE_MIGRATION_URL;
    let output = '';
    // Run from another folder: nothing may depend on the working directory being the repository.
    child = spawn(process.execPath, [path.join(outdir, 'main.mjs')], { cwd: dataDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = await listeningPort(child, () => output);
    expect(output).toContain('production');
    expect(output).not.toContain('Demo customer:');

    const response = await fetch(`http://127.0.0.1:${port}/api/users/me`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } });
    // Production leaves out the development routes.
    expect((await fetch(`http://127.0.0.1:${port}/api/dev/outbox?to=a@b.test`)).status).toBe(404);

    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child!.once('exit', (code, signal) => resolve([code, signal])),
    );
    child.kill('SIGTERM');
    expect(await exited, output).toEqual([0, null]);
    expect(output).toContain('server.stopping');
  }, 180_000);
});

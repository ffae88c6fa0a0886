// What the first-load benchmarks share: the app on a free port with a fresh database, and the demo
// customer's session cookies.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const DEMO = { email: 'demo@meridian.test', password: 'MeridianDemo2026' };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once the child printed something matching `pattern`; rejects if it exits first. */
export function waitForOutput(child: ChildProcess, pattern: RegExp, stream: 'stdout' | 'stderr'): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let output = '';
    child[stream]!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(match);
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before printing ${pattern}:\n${output}`)));
  });
}

/**
 * `npm start` (which builds first when the sources changed) on a free port with a fresh database in a
 * temporary folder; `stop` ends the server and removes the folder.
 */
export async function startApp() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    // Local chain nodes on free ports: another server on the machine may hold the default ones.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOCAL_CHAIN_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await waitForOutput(server, /running at http:\/\/localhost:\d+/, 'stdout');
  return {
    origin: `http://localhost:${port}`,
    dataDir,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      // The server may still be closing its database files: retry instead of failing after the figures.
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

/**
 * The session cookies of the demo customer, from a real sign-in, with `language` saved as theirs (the
 * app would otherwise take the customer to their saved language).
 */
export async function signIn(origin: string, language: string) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!response.ok) throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => {
    const [pair = ''] = cookie.split(';');
    const separator = pair.indexOf('=');
    return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url: origin };
  });
  const token = cookies.find((cookie) => cookie.name === 'auth_token')?.value ?? '';
  const saved = await fetch(`${origin}/api/user-settings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${decodeURIComponent(token)}` },
    body: JSON.stringify({ language }),
  });
  if (!saved.ok) throw new Error(`Saving the language answered ${saved.status}`);
  return cookies;
}

// Starting the real server as production, the way the README tells an operator to: build.test.ts runs the
// bundle, tests/security/production-seed.test.ts the sources.
import { spawn, type ChildProcess } from 'node:child_process';
import { createECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/**
 * The settings of the README's production command (the code block that runs `node dist-server/main.mjs`),
 * exactly as written there.
 */
export function readmeProductionSettings(): Record<string, string> {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const block = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((match) => match[1]!)
    .find((code) => code.includes('dist-server/main.mjs'));
  if (!block) throw new Error('README.md has no production command running dist-server/main.mjs');
  const command = block
    .replace(/\\\n/g, ' ')
    .split('\n')
    .find((line) => line.includes('dist-server/main.mjs'))!;
  const settings: Record<string, string> = {};
  for (const [, name, value] of command.matchAll(/\b([A-Z][A-Z0-9_]*)=('[^']*'|\S+)/g)) settings[name!] = value!.replace(/^'|'$/g, '');
  return settings;
}

/**
 * The README's command as a test runs it. The values it leaves to the operator (`…`) are filled in here:
 * secrets, a VAPID key pair, the rates feed (a stand-in on 127.0.0.1 answering every id of
 * RATES_FEED_MAPPING) and, for the database, its documented alternative ALLOW_EMBEDDED_DATABASE=1 in a
 * fresh DATA_DIR (each test a database of its own, whatever the suite runs on). A setting the README
 * names that is not filled here stays as written, so a placeholder this does not know fails the start.
 */
export function productionEnv(feedUrl: string, dataDir: string): NodeJS.ProcessEnv {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const env: NodeJS.ProcessEnv = {
    ...inheritedEnv(),
    ...readmeProductionSettings(),
    AUTH_SECRET: 'production-test-secret-0123456789abcdef',
    CARD_KEY: '0123456789abcdef'.repeat(4),
    KYC_KEY: 'fedcba9876543210'.repeat(4),
    VAPID_PUBLIC_KEY: ecdh.getPublicKey('base64url'),
    VAPID_PRIVATE_KEY: ecdh.getPrivateKey('base64url'),
    RATES_FEED_URL: feedUrl,
    ALLOW_EMBEDDED_DATABASE: '1',
    PORT: '0',
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-app-built'),
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_MIGRATION_URL;
  return env;
}

/** The test process's environment without the Meridian settings a developer or the suite may have set. */
export function inheritedEnv(): NodeJS.ProcessEnv {
  const { PATH, HOME, TMPDIR, LANG } = process.env;
  return Object.fromEntries(Object.entries({ PATH, HOME, TMPDIR, LANG }).filter(([, value]) => value !== undefined));
}

/** A RATES_FEED_URL stand-in: CoinGecko's simple-price shape, every id of RATES_FEED_MAPPING at `usd`. */
export async function startRatesFeed(usd = 2): Promise<{ url: string; close: () => Promise<void> }> {
  const ids = readmeProductionSettings()
    .RATES_FEED_MAPPING!.split(',')
    .map((pair) => pair.split('=')[1]!);
  const body = JSON.stringify(Object.fromEntries(ids.map((id) => [id, { usd }])));
  const server = createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/simple/price`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface RunningServer {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** SIGTERM, and how it exited. */
  stop: () => Promise<[number | null, NodeJS.Signals | null]>;
}

/** Spawns a server and resolves once it prints the port it listens on; rejects if it exits first. */
export function startServer(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<RunningServer> {
  const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('exit', (code, signal) => resolve([code, signal])),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        resolve({
          child,
          port: Number(match[1]),
          output: () => output,
          stop: () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(([code, signal]) => reject(new Error(`The server exited (${code ?? signal}) before listening:\n${output}`)));
  });
}

/** POST /api/auth/login as a browser on the app's origin would send it. */
export function login(port: number, email: string, password: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: readmeProductionSettings().PUBLIC_ORIGIN! },
    body: JSON.stringify({ email, password }),
  });
}

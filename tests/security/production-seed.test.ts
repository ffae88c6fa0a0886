import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CUSTOMER, DEMO_PHONE_CUSTOMER } from '../../server/db/seed';
import { login, productionEnv, root, startRatesFeed, startServer, type RunningServer } from '../server/productionServer';

/**
 * Issue 21, item 1: a production server on an empty embedded database created the demo accounts with their
 * published passwords, the admin among them. Production now seeds no one; its first admin comes from
 * `npm run admin:create`. The server, the seed and the command run here as an operator runs them.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-production-seed-'));
let feed: Awaited<ReturnType<typeof startRatesFeed>>;
let env: NodeJS.ProcessEnv;
let server: RunningServer | undefined;

beforeAll(async () => {
  feed = await startRatesFeed();
  env = productionEnv(feed.url, dataDir);
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await feed.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a server/bin script with the production environment, `input` on its stdin (none: /dev/null). */
function run(script: string, args: string[] = [], input?: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'bin', script), ...args], {
    cwd: root,
    env,
    input,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const OPERATOR = { email: 'ops@bank.example', password: 'Quartz-Lantern-Orbit-42' };
const SECOND = 'second-ops@bank.example';
let generatedPassword = '';

describe('production seeds no one', () => {
  it('npm run seed refuses NODE_ENV=production and opens no database', () => {
    const { status, output } = run('seed.ts');
    expect(status, output).toBe(1);
    expect(output).toContain('npm run seed refuses NODE_ENV=production');
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
  }, 120_000);

  it('npm run admin:create makes an admin with the password piped in, or a generated one printed once', () => {
    const piped = run('admin-create.ts', ['--email', OPERATOR.email.toUpperCase(), '--country', 'de'], `${OPERATOR.password}\n`);
    expect(piped.status, piped.output).toBe(0);
    expect(piped.output).toContain(`Created the admin ${OPERATOR.email}.`);
    expect(piped.output).not.toContain(OPERATOR.password);

    const generated = run('admin-create.ts', ['--email', SECOND]);
    expect(generated.status, generated.output).toBe(0);
    generatedPassword = /Password \(shown only now\): (\S+)/.exec(generated.output)?.[1] ?? '';
    expect(generatedPassword).toMatch(/^[\w-]{24}$/);
  }, 240_000);

  it('npm run admin:create refuses an e-mail that has an account, and a weak or missing e-mail or password', () => {
    const again = run('admin-create.ts', ['--email', OPERATOR.email], 'Another-Strong-Password-77');
    expect(again.status, again.output).toBe(1);
    expect(again.output).toContain(`${OPERATOR.email} already has an account; nothing was changed.`);
    const weak = run('admin-create.ts', ['--email', 'weak@bank.example'], 'password12');
    expect(weak.status, weak.output).toBe(1);
    expect(weak.output).toContain('too easy to guess');
    expect(run('admin-create.ts', [], OPERATOR.password).output).toContain('--email must be an e-mail address');
  }, 240_000);

  it('the started server knows no demo account, only the admins made by the command, and warns of the embedded database', async () => {
    server = await startServer(['--import', 'tsx', path.join(root, 'server', 'main.ts')], { cwd: root, env });
    for (const { email, password } of [DEMO_CUSTOMER, DEMO_PHONE_CUSTOMER, DEMO_ADMIN]) {
      const answer = await login(server.port, email, password);
      expect(await answer.json(), email).toMatchObject({ error: { code: 'invalid_credentials' } });
    }
    for (const [email, password] of [
      [OPERATOR.email, OPERATOR.password],
      [SECOND, generatedPassword],
    ] as const) {
      const answer = await login(server.port, email, password);
      expect(answer.status, email).toBe(200);
      const { accessToken } = (await answer.json()) as { accessToken: string };
      const me = await fetch(`http://127.0.0.1:${server.port}/api/users/me`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(await me.json()).toMatchObject({ email, role: 'admin', emailVerified: true });
    }
    expect(server.output()).not.toContain('db.seeded');
    expect(server.output()).toContain('WARNING: ALLOW_EMBEDDED_DATABASE=1');
    expect(await server.stop(), server.output()).toEqual([0, null]);
  }, 120_000);
});

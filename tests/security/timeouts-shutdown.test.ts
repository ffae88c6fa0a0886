import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openPostgres } from '../../server/db/database';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { httpSmsTransport, smtpTransport, type Message } from '../../server/services/outbox';
import { POSTGRES_URL } from '../server/helpers';

// Issue 10, item 13: a dependency that stops answering cannot hold a request forever, and stopping
// the server lets the requests in flight finish.

const servers: Server[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  // The silent servers never end their connections themselves.
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A TCP server on 127.0.0.1; `onConnection` decides what (if anything) it ever says. */
async function tcpServer(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer((socket) => {
    sockets.push(socket);
    onConnection(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Accepts connections and never answers: a hung gateway, mail server or database. */
const silentServer = () => tcpServer(() => {});

const message: Message = { to: 'ann@example.test', channel: 'email', template: 'verify_email', subject: 's', body: 'b' };

async function elapsedMs(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await expect(run()).rejects.toThrow();
  return performance.now() - started;
}

describe('timeouts', () => {
  it('are configurable, with defaults, and refuse nonsense', () => {
    const base = { AUTH_SECRET: 's'.repeat(32) };
    expect(loadConfig(base).timeouts).toEqual({ dbConnect: 5_000, dbStatement: 15_000, smtp: 10_000, sms: 10_000 });
    expect(
      loadConfig({
        ...base,
        DB_CONNECT_TIMEOUT_MS: '1000',
        DB_STATEMENT_TIMEOUT_MS: '2000',
        SMTP_TIMEOUT_MS: '3000',
        SMS_TIMEOUT_MS: '4000',
      }).timeouts,
    ).toEqual({ dbConnect: 1_000, dbStatement: 2_000, smtp: 3_000, sms: 4_000 });
    expect(() => loadConfig({ ...base, SMS_TIMEOUT_MS: 'soon' })).toThrow(/SMS_TIMEOUT_MS/);
  });

  it('give up on an SMS gateway that never answers', async () => {
    const port = await silentServer();
    expect(await elapsedMs(() => httpSmsTransport(`http://127.0.0.1:${port}/send`, 300)({ ...message, channel: 'sms' }))).toBeLessThan(
      5_000,
    );
  });

  it('give up on an SMTP server that never greets', async () => {
    const port = await silentServer();
    expect(await elapsedMs(() => smtpTransport(`smtp://127.0.0.1:${port}`, 'x@example.test', 300)(message))).toBeLessThan(5_000);
  });

  it('give up on a database that never answers the connection', async () => {
    const port = await silentServer();
    const database = openPostgres(`postgres://nobody@127.0.0.1:${port}/none`, { connectTimeoutMs: 300 });
    try {
      expect(await elapsedMs(() => database.db.execute('select 1'))).toBeLessThan(5_000);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!POSTGRES_URL)('cancel a PostgreSQL statement that runs too long', async () => {
    const database = openPostgres(POSTGRES_URL!, { statementTimeoutMs: 300 });
    try {
      await expect(database.transaction((session) => session.query('select pg_sleep(5)'))).rejects.toThrow(/statement timeout/);
    } finally {
      await database.close();
    }
  });
});

/**
 * Just enough SMTP for nodemailer: it greets only once `release()` is called, so the request that
 * sends the e-mail is held in flight until the test says.
 */
async function heldSmtpServer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let connected!: () => void;
  const connection = new Promise<void>((resolve) => (connected = resolve));
  const delivered: string[] = [];
  const port = await tcpServer((socket) => {
    connected();
    let inData = false;
    let data = '';
    let buffer = '';
    void released.then(() => socket.write('220 held.test ESMTP\r\n'));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            delivered.push(data);
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 held.test\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { port, release, connection, delivered };
}

describe('SIGTERM', () => {
  it('lets a request in flight finish, its e-mail delivered, then exits cleanly and promptly', async () => {
    const smtp = await heldSmtpServer();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-drain-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATABASE_MIGRATION_URL: '',
        PORT: '0',
        DATA_DIR: dataDir,
        DIST_DIR: dataDir,
        // The drain has nothing to do with chains: starting the four local nodes was a third of the test.
        LOCAL_CHAINS: '0',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /running at http:\/\/[^:]+:(\d+)/.exec(output);
          if (match) resolve(Number(match[1]));
        });
        child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${output}`)));
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

      const inFlight = fetch(`http://127.0.0.1:${port}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_CUSTOMER.email }),
      });
      await smtp.connection; // the request is now waiting on the mail server
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(child.exitCode).toBeNull();
      smtp.release();

      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ ok: true });
      // Idle connections are kept longer than a proxy's idle timeout (server/main.ts)…
      expect(answer.headers.get('keep-alive')).toBe('timeout=65');
      // …but a stopping server does not keep this one open that long before it exits.
      const answeredAt = performance.now();
      expect(await exited).toBe(0);
      expect(performance.now() - answeredAt).toBeLessThan(30_000);
      expect(smtp.delivered).toHaveLength(1);
      expect(smtp.delivered[0]).toMatch(/\b\d{6}\b/);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A fresh embedded database is migrated and seeded at start: tens of seconds on a busy machine.
  }, 180_000);
});

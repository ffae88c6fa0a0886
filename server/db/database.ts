import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { backoffMs } from '../jobs';

/** The query builder every service uses; the same type whichever engine runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle, usable wherever a `Db` is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Raw SQL on one connection, for what the query builder cannot say (migration scripts, test fixtures). */
export interface SqlSession {
  /** Runs a script of several statements, without parameters. */
  exec(script: string): Promise<void>;
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs `fn` inside one transaction on one connection: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` for every `NOTIFY` on `channel`, from any connection of any server instance; answers
   * the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface PgliteOptions {
  /** A folder to persist to; in memory when absent. */
  dataDir?: string;
  /** A `dumpDataDir()` tarball to start from (tests copy a migrated template this way). */
  loadDataDir?: Blob;
}

/** The embedded engine: PostgreSQL compiled to WebAssembly, in this process. It runs one query at a time. */
export async function openPglite(options: PgliteOptions = {}): Promise<Database & { pglite: PGlite }> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  await pglite.waitReady;
  return {
    pglite,
    db: drizzlePglite({ client: pglite }),
    engine: 'pglite',
    transaction: (fn) =>
      pglite.transaction((tx) =>
        fn({
          exec: async (script) => {
            await tx.exec(script);
          },
          query: async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows,
        }),
      ),
    listen: (channel, onPayload) => pglite.listen(channel, onPayload),
    close: () => pglite.close(),
  };
}

export interface PostgresOptions {
  /** Schema to work in instead of `public` (each test file gets its own). */
  schema?: string;
  /** Pool size per server instance. */
  maxConnections?: number;
  /** Milliseconds to open a connection before giving up (none when absent). */
  connectTimeoutMs?: number;
  /** Milliseconds any one statement may run; the server cancels it after (none when absent). */
  statementTimeoutMs?: number;
  onPoolError?: (error: Error) => void;
  /** Milliseconds before a lost LISTEN connection is first opened again (1 s when absent); doubled after each failed try. */
  listenRetryMs?: number;
}

/** A real PostgreSQL through `pg`: how Meridian scales (stateless servers, one database). */
export function openPostgres(connectionString: string, options: PostgresOptions = {}): Database & { pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs,
    statement_timeout: options.statementTimeoutMs,
    // Quoted identifier: the schema name comes from our own code, but quoting keeps any name literal.
    ...(options.schema ? { options: `-c search_path="${options.schema.replaceAll('"', '""')}"` } : {}),
  });
  // An idle client can lose its connection (database restart); without a listener that kills the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  // A client checked out of the pool has no listener of the pool's: losing its connection between two
  // queries (a database restart in the middle of a transaction) would kill the process too. Its next
  // query rejects instead, which the request or the job handles; the idle case is logged above.
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    pool,
    db: drizzleNodePg({ client: pool }),
    engine: 'postgres',
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          exec: async (script) => {
            await client.query(script);
          },
          query: async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[],
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload) => listenOn(connectionString, options, channel, onPayload),
    close: () => pool.end(),
  };
}

/**
 * LISTEN holds its connection for as long as it listens, so it gets a client of its own outside the pool.
 * A lost connection is opened again after a pause that doubles with each failed try (a restart or a
 * refused role can last minutes), for as long as anyone listens; what was notified meanwhile is missed,
 * which the listeners' own fallback (the app polls) covers. Only the first connection's failure rejects.
 */
async function listenOn(
  connectionString: string,
  options: PostgresOptions,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let listening = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: options.connectTimeoutMs });
    let lost = false;
    // A failed try can both reject and emit 'error': it is retried once.
    const lose = (error: Error) => {
      if (lost) return;
      lost = true;
      options.onPoolError?.(error);
      void next.end().catch(() => {});
      if (client === next) client = null;
      if (listening && !stopped) {
        failures++;
        retry = setTimeout(() => void connect().catch(() => {}), backoffMs(options.listenRetryMs ?? LISTEN_RETRY_MS, failures - 1));
      }
    };
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', lose);
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      lose(error as Error);
      throw error;
    }
    listening = true;
    failures = 0;
    if (stopped) await next.end();
    else client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
    client = null;
  };
}

/** The first pause before a lost LISTEN connection is opened again; it doubles after each failed try. */
const LISTEN_RETRY_MS = 1_000;

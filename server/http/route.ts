import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { CUSTOMER_RULES, type CustomerRule } from '../../contract/customerRules';
import type { AuthMode, EndpointSpec } from '../../contract/endpoints';
import { fileAnswerSchema } from '../../contract/statements';
import type { Clock } from '../clock';
import { isLoopback } from '../config';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import type { Principal, TokenService } from '../services/tokens';
import { activityOf, clientIp, isHttps } from './client';
import { runIdempotently } from './idempotency';
import { readJson, readUpload, refuseHostileInput, validate } from './request';

export type AppEnv = { Bindings: Partial<HttpBindings> };

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<Body extends Schema, Auth extends AuthMode, Query extends Schema> {
  c: Context<AppEnv>;
  body: Parsed<Body>;
  query: Parsed<Query>;
  /** Checked before anything else: a bearer endpoint never sees an anonymous caller. */
  principal: Auth extends 'bearer' ? Principal : Principal | null;
  ip: string;
  /** Where to write: on idempotent endpoints the transaction that also records the key. */
  db: Db;
  /** An `upload` endpoint's file, at most its `maxBytes`; undefined elsewhere. */
  file: Uint8Array | undefined;
}

export interface RouteDeps {
  db: Db;
  clock: Clock;
  tokens: Pick<TokenService, 'authenticate'>;
  trustProxy: boolean;
  /** The app's origin: with the served one, what `sameOrigin` endpoints accept as `Origin`. */
  publicOrigin: string;
  /** Mounts the endpoints the contract marks `demoOnly`: demo mode on and the server on loopback. */
  demoTools: boolean;
  /** Mounts the endpoints the contract marks `demoMode`. */
  demoMode: boolean;
  /** The customer's role, for endpoints the contract limits to one. */
  roleOf: (userId: string) => Promise<string>;
  /** The first of the rules, in their order, that the customer has not met; undefined when all are. */
  unmetRule: (userId: string, rules: readonly CustomerRule[]) => Promise<CustomerRule | undefined>;
}

export interface MountOptions<Body extends Schema, Auth extends AuthMode, Query extends Schema> {
  /**
   * Runs around the handler, outside its transaction, once the request is known to be valid: for what
   * must be written whether or not the request's own work commits (a refused guess counted toward a
   * lock-out), or refused before any work starts.
   */
  around?: (context: Omit<RouteContext<Body, Auth, Query>, 'db'>, answer: () => Promise<Response>) => Promise<Response>;
}

/**
 * A `sameOrigin` endpoint takes only what a browser sends from the app's own page: JSON (a form can
 * only send urlencoded, multipart or text/plain without a preflight) with an `Origin` that is the app's,
 * or the one this request was served on (a browser sets `Host` itself, so a page elsewhere cannot
 * fake it). A request without `Origin` is refused too: browsers send it on every POST.
 */
function refuseCrossOrigin(c: Context<AppEnv>, deps: RouteDeps): void {
  if (!/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) throw new ApiError('unsupported_media_type');
  const url = new URL(c.req.url);
  const served = `${isHttps(c, deps.trustProxy) ? 'https:' : url.protocol}//${url.host}`;
  const origin = c.req.header('origin');
  if (origin !== deps.publicOrigin && origin !== served) throw new ApiError('cross_origin_refused');
}

/**
 * Mounts one entry of the contract's endpoint table (the `demoOnly` ones only with `demoTools`).
 * Everything an endpoint promises in the contract is enforced here, in this order, before the handler
 * runs: a demo tool's loopback caller (404), authentication (401), the role (404), the customer rules
 * it `requires` (403), a `sameOrigin` request (415/403), no NUL byte or prototype key in path or query
 * (422), body and query against their schemas (400/415/422, nothing written), the Idempotency-Key of
 * money endpoints.
 * The handler's result is parsed with the answer schema on the way out: what is not in the contract
 * is stripped, and an answer the contract does not allow becomes a 500 instead of reaching a client.
 * A `download` endpoint's answer is a file: its bytes are the body, with its own media type.
 */
export function mount<Body extends Schema, Answer extends z.ZodType, Auth extends AuthMode, Query extends Schema>(
  app: Hono<AppEnv>,
  deps: RouteDeps,
  spec: EndpointSpec<Body, Answer, Auth, Query>,
  handler: (context: RouteContext<Body, Auth, Query>) => Promise<z.input<Answer>>,
  options: MountOptions<Body, Auth, Query> = {},
): void {
  if (spec.idempotent && spec.auth !== 'bearer') {
    throw new Error(`${spec.method} ${spec.path}: idempotency keys are per customer, so the endpoint needs auth 'bearer'.`);
  }
  if (spec.requires?.length && spec.auth !== 'bearer') {
    throw new Error(`${spec.method} ${spec.path}: rules are the signed-in customer's, so the endpoint needs auth 'bearer'.`);
  }
  if (spec.demoOnly && !deps.demoTools) return;
  if (spec.demoMode && !deps.demoMode) return;
  const status = spec.status ?? 200;

  app.on(spec.method, spec.path, async (c) => {
    const { context, raw } = await admit(c, deps, spec);
    const principal = context.principal;
    const run = async (db: Db) => spec.answer.parse(await handler({ ...context, db }));

    if (spec.download) {
      const file = fileAnswerSchema.parse(await run(deps.db));
      return c.body(file.content, 200, {
        'Content-Type': file.mediaType,
        'Content-Disposition': `attachment; filename="${file.filename}"`,
        'Cache-Control': 'no-store',
      });
    }
    const answer = async () => {
      if (spec.idempotent) {
        return runIdempotently(c, deps.db, deps.clock, principal!.userId, raw, async (tx) => ({ status, data: await run(tx) }));
      }
      return c.json(await run(deps.db), status as ContentfulStatusCode);
    };
    return options.around ? options.around(context, answer) : answer();
  });
}

/**
 * What every mounted endpoint checks before its handler, in this order: a demo tool's loopback caller
 * (404), authentication (401), the role (404), the customer rules (403), a `sameOrigin` request
 * (415/403), no NUL byte or prototype key in path or query (422), body and query against their schemas
 * (400/415/422).
 */
async function admit<Body extends Schema, Auth extends AuthMode, Query extends Schema>(
  c: Context<AppEnv>,
  deps: RouteDeps,
  spec: EndpointSpec<Body, z.ZodType, Auth, Query>,
): Promise<{ context: Omit<RouteContext<Body, Auth, Query>, 'db'>; raw: string }> {
  // The socket's own peer, never a forwarded header (a caller writes those). A reverse proxy on this
  // machine makes every caller's socket local: docs/security.md says to turn demo mode off there.
  if (spec.demoOnly && !isLoopback(c.env?.incoming?.socket?.remoteAddress)) throw new ApiError('not_found');
  const caller = spec.auth === 'none' ? null : await deps.tokens.authenticate(c.req.header('authorization'), activityOf(c));
  // An idle or expired session says so: the app tells the customer why they were signed out.
  if (spec.auth === 'bearer' && !caller?.ok) throw new ApiError(caller?.code ?? 'unauthorized');
  const principal = caller?.ok ? caller.principal : null;
  // Someone without the role learns nothing, not even that the endpoint exists.
  if (spec.role && (!principal || (await deps.roleOf(principal.userId)) !== spec.role)) throw new ApiError('not_found');
  // Before the body and the handler: a customer who may not do this spends no step-up and writes nothing.
  const unmet = spec.requires?.length ? await deps.unmetRule(principal!.userId, spec.requires) : undefined;
  if (unmet) throw new ApiError(CUSTOMER_RULES[unmet]);
  if (spec.sameOrigin) refuseCrossOrigin(c, deps);
  refuseHostileInput(c.req.param(), 'path');
  // A query no schema reads is still refused when hostile, so no handler or log line ever sees it.
  if (!spec.query) refuseHostileInput(c.req.query(), 'query');
  const json = spec.body ? await readJson(c) : { raw: '', value: undefined };
  const file = spec.upload ? await readUpload(c, spec.upload) : undefined;
  const context = {
    c,
    file,
    body: spec.body ? validate(spec.body, json.value, 'body') : undefined,
    query: spec.query ? validate(spec.query, c.req.query(), 'query') : undefined,
    principal,
    ip: clientIp(c, deps.trustProxy),
  } as Omit<RouteContext<Body, Auth, Query>, 'db'>;
  return { context, raw: json.raw };
}

/** An open event stream: `event` sends one event (false once the client has gone), `comment` a line events ignore. */
export interface EventStream<Answer extends z.ZodType> {
  event(name: string, data: z.input<Answer>): Promise<boolean>;
  comment(text: string): Promise<boolean>;
  /** Resolves when the client goes away. */
  closed: Promise<void>;
}

/**
 * Mounts an `eventStream` endpoint of the contract: the same checks as `mount`, then Server-Sent Events
 * for as long as `open` keeps the stream (it resolves when the stream should end). Each event's data is
 * parsed with the answer schema. `X-Accel-Buffering: no` asks a proxy not to hold the events back; the
 * API's compression leaves `text/event-stream` alone.
 */
export function mountEventStream<Answer extends z.ZodType, Query extends Schema>(
  app: Hono<AppEnv>,
  deps: RouteDeps,
  spec: EndpointSpec<undefined, Answer, 'bearer', Query>,
  /** Runs before the stream starts, so it may still answer an error; answers what runs the stream. */
  open: (context: RouteContext<undefined, 'bearer', Query>) => Promise<(stream: EventStream<Answer>) => Promise<void>>,
): void {
  if (!spec.eventStream) throw new Error(`${spec.method} ${spec.path}: not an event stream in the contract.`);
  app.on(spec.method, spec.path, async (c) => {
    const { context } = await admit(c, deps, spec);
    const run = await open({ ...context, db: deps.db });
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (sse) => {
      const gone = () => sse.aborted || sse.closed;
      const write = async (text: string) => {
        if (gone()) return false;
        await sse.write(text);
        return true;
      };
      await run({
        event: (name, data) => write(`event: ${name}\ndata: ${JSON.stringify(spec.answer.parse(data))}\n\n`),
        comment: (text) => write(`: ${text.replace(/\n/g, ' ')}\n\n`),
        closed: new Promise<void>((resolve) => sse.onAbort(resolve)),
      });
    });
  });
}

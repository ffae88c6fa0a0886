// @vitest-environment node
import { createServer, STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient, type ApiClientOptions } from '../src/api/client';
import { createApi } from '../src/api/endpoints';
import { paymentsApi } from '../src/api/payments';
import type { Quote } from '../contract/transfers';
import type { Endpoint, HttpMethod } from '../contract';

/** A fresh quote as a refused transfer carries it (`error.quote`). */
const FRESH_QUOTE: Quote = {
  id: '3e8b5db0-5a8f-4ac0-9d88-8e5bbf40c143',
  fromAccountId: '6f1c2a34-8b7d-4e0f-9a1b-2c3d4e5f6a7b',
  toAccountId: '7a2d3b45-9c8e-4f10-8b2c-3d4e5f6a7b8c',
  fromAsset: 'EUR',
  toAsset: 'BTC',
  rate: '0.0000165',
  spreadPercent: '0.5',
  feePercent: '0.1',
  fee: '1.00',
  amountIn: '100.00',
  amountOut: '0.00163350',
  cost: '1.50',
  costPercent: '1.50',
  usdValue: '108.00',
  fundsSufficient: true,
  limitLeftUsd: '1000.00',
  withinLimit: true,
  firmForSeconds: 30,
  expiresAt: '2026-03-02T09:00:30.000Z',
};

/** Written out here, not imported, so the test checks the client against the architecture's list. */
const RETRIED_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504];
const STATUSES = [400, 401, 403, 404, 408, 409, 422, 425, 429, 500, 502, 503, 504, 200];
const METHODS: HttpMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Requests seen per `METHOD url`; every case uses its own url, so counts never mix. */
const requestCounts = new Map<string, number>();
/** What `/terms-guarded` answers: refused until the customer accepts (the client's `onTermsNotAccepted`). */
let termsAccepted = false;
let server: Server;
let baseURL: string;

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const key = `${req.method} ${req.url}`;
      requestCounts.set(key, (requestCounts.get(key) ?? 0) + 1);
      const url = new URL(req.url ?? '/', 'http://localhost');
      const status = /^\/status\/(\d{3})$/.exec(url.pathname);
      if (status) {
        const code = Number(status[1]);
        if (code < 400) json(res, code, { ok: true });
        else {
          res.writeHead(code, { 'Content-Type': 'text/plain' });
          res.end('nope');
        }
      } else if (url.pathname === '/echo') {
        json(res, 200, { headers: req.headers, body: Buffer.concat(chunks).toString() });
      } else if (url.pathname === '/validation-error') {
        json(res, 422, {
          error: { code: 'validation_failed', message: 'Check the form', fields: { language: 'Unknown language' } },
        });
      } else if (url.pathname.startsWith('/session-guarded')) {
        if (req.headers.authorization === 'Bearer renewed') json(res, 200, { ok: true });
        else json(res, 401, { error: { code: 'unauthorized', message: 'Expired' } });
      } else if (url.pathname === '/rate-limited') {
        res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '7' });
        res.end(JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down' } }));
      } else if (url.pathname === '/transfers') {
        // Refusals of POST /transfers (contract/endpoints/transfers.ts): the quote id says which.
        const { quoteId } = JSON.parse(Buffer.concat(chunks).toString()) as { quoteId: string };
        const refusal = { code: quoteId === 'unknown' ? 'quote_not_found' : 'quote_expired', message: 'Quote over' };
        if (quoteId === 'broken') json(res, 409, { error: { ...refusal, quote: { ...FRESH_QUOTE, amountOut: 12 } } });
        else json(res, quoteId === 'unknown' ? 404 : 409, { error: { ...refusal, quote: FRESH_QUOTE } });
      } else if (url.pathname.startsWith('/terms-guarded')) {
        // A money endpoint under older terms: refused until the test says they were accepted; the key is echoed.
        if (termsAccepted) json(res, 200, { key: req.headers['idempotency-key'] });
        else json(res, 403, { error: { code: 'terms_not_accepted', message: 'Accept the terms' } });
      } else if (url.pathname === '/not-the-error-shape') {
        json(res, 409, { error: 'conflict' });
      } else if (url.pathname === '/user-settings') {
        json(res, 200, { language: 'xx' });
      } else {
        json(res, 404, {});
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function setup(overrides: Partial<ApiClientOptions> = {}) {
  let unauthorized = 0;
  const client = createApiClient({
    baseURL,
    getAuthToken: () => undefined,
    onUnauthorized: () => {
      unauthorized += 1;
    },
    retryDelay: 1,
    ...overrides,
  });
  return { client, unauthorizedCalls: () => unauthorized };
}

function endpoint<Body extends z.ZodType | undefined, Answer extends z.ZodType>(
  method: HttpMethod,
  path: string,
  body: Body,
  answer: Answer,
): Endpoint<Body, Answer> {
  return { method, path, body, answer };
}

const statusEndpoint = (method: HttpMethod) => endpoint(method, '/status/:status', undefined, z.unknown());
const echoAnswer = z.object({ headers: z.record(z.string(), z.unknown()), body: z.string() });

describe('retry matrix', () => {
  const cases = METHODS.flatMap((method) => STATUSES.map((status) => ({ method, status })));

  it.each(cases)('$method answered $status', async ({ method, status }) => {
    const { client, unauthorizedCalls } = setup();
    const result = await client.call(statusEndpoint(method), { pathParams: { status } });

    const retried = (method === 'GET' || method === 'HEAD') && RETRIED_STATUSES.includes(status);
    expect(requestCounts.get(`${method} /status/${status}`)).toBe(retried ? 2 : 1);
    expect(unauthorizedCalls()).toBe(status === 401 ? 1 : 0);
    if (status === 200) {
      expect(result).toEqual({ ok: true, data: method === 'HEAD' ? undefined : { ok: true } });
    } else {
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.status).toBe(status);
      expect(result.error.code).toBe(`http_${status}`);
      expect(result.error.message).toBe(STATUS_CODES[status]);
    }
  });

  it('leaves retrying to the caller when a GET passes retry: false', async () => {
    const { client } = setup();
    const result = await client.call(statusEndpoint('GET'), {
      pathParams: { status: 503 },
      query: { attempt: 'single' },
      retry: false,
    });
    expect(result.ok).toBe(false);
    expect(requestCounts.get('GET /status/503?attempt=single')).toBe(1);
  });
});

describe('request headers', () => {
  const echo = endpoint('POST', '/echo', z.object({ name: z.string() }), echoAnswer);

  it('sends the bearer token when there is one', async () => {
    const { client } = setup({ getAuthToken: () => 'token-123' });
    const result = await client.call(echo, { body: { name: 'a' } });
    expect(result.ok && result.data.headers.authorization).toBe('Bearer token-123');
  });

  it('sends no Authorization header without a token', async () => {
    const { client } = setup();
    const result = await client.call(echo, { body: { name: 'a' } });
    expect(result.ok && 'authorization' in result.data.headers).toBe(false);
  });

  it('sends JSON with JSON content type and accept headers', async () => {
    const { client } = setup();
    const result = await client.call(echo, { body: { name: 'Ada' } });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.data.headers['content-type']).toBe('application/json');
    expect(result.data.headers.accept).toBe('application/json');
    expect(JSON.parse(result.data.body)).toEqual({ name: 'Ada' });
  });

  it('lets fetch set the multipart content type for FormData', async () => {
    const { client } = setup();
    const upload = endpoint('POST', '/echo', z.instanceof(FormData), echoAnswer);
    const form = new FormData();
    form.append('document', new Blob(['%PDF']), 'id.pdf');
    const result = await client.call(upload, { body: form });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.data.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(result.data.body).toContain('%PDF');
  });
});

describe('error results', () => {
  it('reads code, message and fields from the stable error shape', async () => {
    const { client } = setup();
    const result = await client.call(endpoint('POST', '/validation-error', undefined, z.unknown()));
    expect(result).toMatchObject({
      ok: false,
      error: {
        status: 422,
        code: 'validation_failed',
        message: 'Check the form',
        fields: { language: 'Unknown language' },
      },
    });
  });

  it('reports a refused connection as status 0, without retrying', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    let attempts = 0;
    const { client } = setup({
      baseURL: `http://127.0.0.1:${port}`,
      fetch: (input, init) => {
        attempts += 1;
        return fetch(input, init);
      },
    });
    const result = await client.call(statusEndpoint('GET'), { pathParams: { status: 200 } });
    expect(result).toMatchObject({ ok: false, error: { status: 0, code: 'network_error' } });
    expect(attempts).toBe(1);
  });

  it('answers http_<status> with the status text for an error body that is not the API’s shape', async () => {
    const { client } = setup();
    const result = await client.call(endpoint('POST', '/not-the-error-shape', undefined, z.unknown()));
    expect(result).toEqual({ ok: false, error: { status: 409, code: 'http_409', message: 'Conflict' } });
  });

  it('reads a refusal’s data once, by the schema the endpoint declares for its code (the fresh quote of quote_expired)', async () => {
    const { client } = setup();
    const result = await paymentsApi(client).createTransfer({ quoteId: 'expired' }, 'key-expired');
    expect(result).toEqual({
      ok: false,
      error: { status: 409, code: 'quote_expired', message: 'Quote over', data: { quote: FRESH_QUOTE } },
    });
  });

  it('leaves out data the schema refuses, and data of a code the endpoint declares none for', async () => {
    const { client } = setup();
    const broken = await paymentsApi(client).createTransfer({ quoteId: 'broken' }, 'key-broken');
    expect(broken).toEqual({ ok: false, error: { status: 409, code: 'quote_expired', message: 'Quote over' } });
    const unknown = await paymentsApi(client).createTransfer({ quoteId: 'unknown' }, 'key-unknown');
    expect(unknown).toEqual({ ok: false, error: { status: 404, code: 'quote_not_found', message: 'Quote over' } });
  });

  it('passes an answer on as the server sent it (the server checks its answers against the contract)', async () => {
    const { client } = setup();
    const result = await createApi(client).getUserSettings();
    expect(result).toEqual({ ok: true, data: { language: 'xx' } });
  });
});

describe('session renewal on 401', () => {
  const guarded = (name: string) => endpoint('POST', `/session-guarded/${name}`, undefined, z.object({ ok: z.literal(true) }));

  it('after a renewal, makes the same call once more with the new token', async () => {
    let token = 'expired';
    const { client, unauthorizedCalls } = setup({
      getAuthToken: () => token,
      onUnauthorized: async () => {
        token = 'renewed';
        return true;
      },
    });
    const result = await client.call(guarded('renewed'));
    expect(result).toEqual({ ok: true, data: { ok: true } });
    expect(requestCounts.get('POST /session-guarded/renewed')).toBe(2);
    expect(unauthorizedCalls()).toBe(0);
  });

  it('without a renewal, answers the 401 and does not call again', async () => {
    let asked = 0;
    const { client } = setup({ getAuthToken: () => 'expired', onUnauthorized: async () => (asked++, false) });
    const result = await client.call(guarded('refused'));
    expect(result.ok || result.error.status).toBe(401);
    expect(requestCounts.get('POST /session-guarded/refused')).toBe(1);
    expect(asked).toBe(1);
  });

  it('a second 401 after a renewal is the caller’s to handle: no loop', async () => {
    let asked = 0;
    const { client } = setup({ getAuthToken: () => 'still-expired', onUnauthorized: async () => (asked++, true) });
    const result = await client.call(guarded('loop'));
    expect(result.ok).toBe(false);
    expect(requestCounts.get('POST /session-guarded/loop')).toBe(2);
    expect(asked).toBe(1);
  });

  it('calls that renew the session themselves do not wait for a renewal', async () => {
    const { client, unauthorizedCalls } = setup({ getAuthToken: () => 'expired' });
    const result = await client.call(guarded('refresh'), { recoverSession: false });
    expect(result.ok).toBe(false);
    expect(unauthorizedCalls()).toBe(0);
  });
});

describe('terms not accepted', () => {
  const guarded = (name: string) => endpoint('POST', `/terms-guarded/${name}`, undefined, z.unknown());

  it('asks once; accepted, sends the same call again with the same Idempotency-Key', async () => {
    termsAccepted = false;
    let asked = 0;
    const { client } = setup({ onTermsNotAccepted: async () => ((asked += 1), (termsAccepted = true)) });
    const result = await client.call(guarded('accepted'), { idempotencyKey: 'key-1' });
    expect(result).toEqual({ ok: true, data: { key: 'key-1' } });
    expect(requestCounts.get('POST /terms-guarded/accepted')).toBe(2);
    expect(asked).toBe(1);
  });

  it('not accepted, the refusal is the caller’s and nothing is sent again', async () => {
    termsAccepted = false;
    const { client } = setup({ onTermsNotAccepted: async () => false });
    const result = await client.call(guarded('declined'), { idempotencyKey: 'key-2' });
    expect(result.ok || result.error).toMatchObject({ status: 403, code: 'terms_not_accepted' });
    expect(requestCounts.get('POST /terms-guarded/declined')).toBe(1);
  });
});

describe('rate limits', () => {
  it('passes Retry-After on as seconds to wait', async () => {
    const { client } = setup();
    const result = await client.call(endpoint('POST', '/rate-limited', undefined, z.unknown()));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 7 });
  });
});

describe('customer activity (X-Meridian-Activity)', () => {
  const echo = endpoint('POST', '/echo', z.object({ name: z.string() }), echoAnswer);

  it('marks every call as the customer’s unless it says background, and reports only the customer’s', async () => {
    let reported = 0;
    const { client } = setup({ onCustomerActivity: () => (reported += 1) });
    const customer = await client.call(echo, { body: { name: 'a' } });
    expect(customer.ok && customer.data.headers['x-meridian-activity']).toBe('customer');
    expect(reported).toBe(1);
    const background = await client.call(echo, { body: { name: 'b' }, activity: 'background' });
    expect(background.ok && background.data.headers['x-meridian-activity']).toBe('background');
    expect(reported).toBe(1);
  });
});

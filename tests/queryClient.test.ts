// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryObserver } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client';
import { createApi } from '../src/api/endpoints';
import { QUERY_RETRIES, createQueryClient, queryRetryDelay, shouldRetryQuery } from '../src/app/queryClient';
import { unwrap } from '../src/app/actors/unwrap';
import { toFailure } from '../machines/parts/failure';

let server: Server;
let requests = 0;
let status = 503;
let baseURL = '';

beforeAll(async () => {
  // Answers with the status the test sets.
  server = createServer((_req, res) => {
    requests += 1;
    res.writeHead(status, { 'Content-Type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('query client', () => {
  it('backs off exponentially from 1 s, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  /** How many requests one failing GET through a query makes while the server answers `answer`. */
  async function requestsOfFailingQuery(answer: number): Promise<{ requests: number; code: string }> {
    const api = createApi(createApiClient({ baseURL, getAuthToken: () => undefined, onUnauthorized: () => {} }));
    const queryClient = createQueryClient();
    // Same retry rule as the app; no waiting between attempts in the test.
    queryClient.setQueryDefaults(['settings'], { retryDelay: 0 });
    requests = 0;
    status = answer;
    // An observer behaves like useQuery: it takes the client's default retry (fetchQuery would not).
    const observer = new QueryObserver(queryClient, {
      queryKey: ['settings'],
      queryFn: ({ signal }) => unwrap(api.getUserSettings({ retry: false, signal })),
    });
    const failed = await new Promise<Error | null>((resolve) => {
      const unsubscribe = observer.subscribe((result) => {
        if (result.status === 'error') {
          unsubscribe();
          resolve(result.error);
        }
      });
    });
    return { requests, code: toFailure(failed).code };
  }

  it('a GET the server fails is tried at most 4 times (client retry off, 3 query retries)', async () => {
    expect(await requestsOfFailingQuery(503)).toEqual({ requests: 1 + QUERY_RETRIES, code: 'http_503' });
    expect(await requestsOfFailingQuery(500)).toEqual({ requests: 1 + QUERY_RETRIES, code: 'http_500' });
  });

  it('a refusal is not retried, except a timeout or a rate limit', async () => {
    expect(await requestsOfFailingQuery(404)).toEqual({ requests: 1, code: 'http_404' });
    expect(await requestsOfFailingQuery(403)).toEqual({ requests: 1, code: 'http_403' });
    expect(await requestsOfFailingQuery(408)).toEqual({ requests: 1 + QUERY_RETRIES, code: 'http_408' });
    expect(await requestsOfFailingQuery(429)).toEqual({ requests: 1 + QUERY_RETRIES, code: 'http_429' });
  });

  it('no answer at all is retried', () => {
    expect(shouldRetryQuery(0, { code: 'network_error', status: 0 })).toBe(true);
    expect(shouldRetryQuery(QUERY_RETRIES, { code: 'network_error', status: 0 })).toBe(false);
  });

  it('keeps unused data for 5 minutes', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(5 * 60_000);
  });
});

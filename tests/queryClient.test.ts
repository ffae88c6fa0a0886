// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryObserver } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client';
import { createApi } from '../src/api/endpoints';
import { QUERY_RETRIES, createQueryClient, queryRetryDelay } from '../src/app/queryClient';

let server: Server;
let requests = 0;
let baseURL = '';

beforeAll(async () => {
  server = createServer((_req, res) => {
    requests += 1;
    res.writeHead(503, { 'Content-Type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('query client', () => {
  it('backs off exponentially from 1 s, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('a failing GET through a query makes at most 4 requests (client retry off, 3 query retries)', async () => {
    const api = createApi(createApiClient({ baseURL, getAuthToken: () => undefined, onUnauthorized: () => {} }));
    const queryClient = createQueryClient();
    // Same retry count as the app; no waiting between attempts in the test.
    queryClient.setQueryDefaults(['settings'], { retryDelay: 0 });
    requests = 0;
    // An observer behaves like useQuery: it takes the client's default retry (fetchQuery would not).
    const observer = new QueryObserver(queryClient, {
      queryKey: ['settings'],
      queryFn: async ({ signal }) => {
        const result = await api.getUserSettings({ retry: false, signal });
        if (!result.ok) throw new Error(result.error.code);
        return result.data;
      },
    });
    const failed = await new Promise<Error | null>((resolve) => {
      const unsubscribe = observer.subscribe((result) => {
        if (result.status === 'error') {
          unsubscribe();
          resolve(result.error);
        }
      });
    });
    expect(failed?.message).toBe('http_503');
    expect(requests).toBe(1 + QUERY_RETRIES);
  });

  it('keeps unused data for 5 minutes', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(5 * 60_000);
  });
});

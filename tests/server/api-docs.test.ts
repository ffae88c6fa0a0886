import { readFileSync } from 'node:fs';
import type { HttpBindings } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../contract/endpoints';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db/database';
import { silentLogger } from '../../server/logger';
import { renderApiDocs, renderOpenApiJson } from '../../scripts/openapi';
import { testConfig } from './helpers';

describe('docs/api.md and docs/openapi.json', () => {
  it.each([
    ['api.md', renderApiDocs],
    ['openapi.json', renderOpenApiJson],
  ])('%s is generated from the current contract (run `npm run docs:api` when this fails)', (file, render) => {
    expect(readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8')).toBe(render());
  });
});

describe('the endpoint table', () => {
  // Routing happens before any database access, and every answer below is decided before a query.
  const app = createApp({ db: {} as Db, config: testConfig(), logger: silentLogger });

  it.each(Object.entries(endpoints))('%s is mounted', async (_name, spec) => {
    if (spec.auth === 'bearer') {
      // An anonymous call is refused by the endpoint itself, not by "no such route".
      const response = await app.request(`/api${spec.path}`, { method: spec.method });
      expect(response.status).toBe(401);
    } else {
      // From the app's own page on this machine, so sameOrigin and demoOnly endpoints answer too.
      const incoming = { socket: { remoteAddress: '127.0.0.1' } } as HttpBindings['incoming'];
      const response = await app.request(
        `/api${spec.path}`,
        {
          method: spec.method,
          headers: { 'content-type': 'application/json', origin: 'http://localhost' },
          body: spec.method === 'GET' ? undefined : '{',
        },
        { incoming },
      );
      if (spec.method === 'GET' && !spec.query) {
        // Health and readiness take no input at all: anything but "no such route" proves the mount.
        expect(await response.json()).not.toMatchObject({ error: { code: 'not_found' } });
        return;
      }
      // A form endpoint (Apple's form_post) refuses JSON before reading it.
      const expected = spec.method === 'GET' ? 'validation_failed' : 'form' in spec ? 'unsupported_media_type' : 'invalid_json';
      expect(await response.json()).toMatchObject({ error: { code: expected } });
    }
  });

  it('is all there is: no route exists outside it (so none skips its validation)', () => {
    const table = Object.values(endpoints).map((spec) => `${spec.method} /api${spec.path}`);
    const routes = app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`);
    expect(routes.sort()).toEqual(table.sort());
  });
});

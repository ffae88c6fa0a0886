import { readFileSync } from 'node:fs';
import type { HttpBindings } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../contract/endpoints';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db/database';
import { silentLogger } from '../../server/logger';
import { buildOpenApi, renderApiDocs, renderOpenApiJson } from '../../scripts/openapi';
import { testConfig } from './helpers';

describe('docs/api.md and docs/openapi.json', () => {
  it.each([
    ['api.md', renderApiDocs],
    ['openapi.json', renderOpenApiJson],
  ])('%s is generated from the current contract (run `npm run docs:api` when this fails)', (file, render) => {
    expect(readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8')).toBe(render());
  });
});

// Issue 24 item 36: what generated clients and integrators' linters need of the document.
describe('docs/openapi.json for integrators', () => {
  type Operation = {
    parameters?: { name: string; in: string }[];
    requestBody?: { required?: boolean; content: Record<string, unknown> };
    responses: Record<string, unknown>;
  };
  const document = buildOpenApi() as {
    paths: Record<string, Record<string, Operation>>;
    components: { securitySchemes: Record<string, { type: string; scheme: string; description: string }> };
  };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const operation = (method: string, path: string) => document.paths[path]![method]!;
  /** Every `"additionalProperties": false` inside `value`. */
  const closedObjects = (value: unknown) => JSON.stringify(value).match(/"additionalProperties":false/g)?.length ?? 0;

  it('writes path parameters as {name}, each declared as a path parameter', () => {
    for (const { path, method, operation } of operations) {
      expect(path, path).not.toMatch(/\/:/);
      const named = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
      expect(declared.sort(), `${method} ${path}`).toEqual(named.sort());
    }
  });

  it('declares the KYC upload’s multipart body, and requires no body of a command that takes none', () => {
    expect(operation('post', '/kyc/document/{side}').requestBody).toMatchObject({ required: true, content: { 'multipart/form-data': {} } });
    expect(operation('post', '/kyc/submit').requestBody?.required ?? false).toBe(false);
  });

  it('documents the admin endpoints’ 404, the uploads’ 413 and 415, and each error status’s codes as an enum', () => {
    for (const { path, method, operation } of operations) {
      if (path.startsWith('/simulate/admin/')) expect(Object.keys(operation.responses), `${method} ${path}`).toContain('404');
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) expect(JSON.stringify(answer), `${method} ${path} ${status}`).toContain('"enum":[');
      }
    }
    expect(Object.keys(operation('post', '/kyc/document/{side}').responses)).toEqual(expect.arrayContaining(['413', '415']));
  });

  it('describes the bearer scheme as the Authorization header, and keeps answers open to added fields', () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.bearer!.description).toContain('Authorization: Bearer');
    expect(closedObjects(operations.map(({ operation }) => operation.responses))).toBe(0);
    expect(closedObjects(document.components)).toBe(0);
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointSpec } from '../../contract/endpoints';
import { updateNameBodySchema } from '../../contract/users';
import { DEMO_ADMIN } from '../../server/db/seed';
import {
  createTestDatabase,
  createTestServer,
  expectError,
  registerCustomer,
  TestClient,
  type Answer,
  type TestDatabase,
  type TestServer,
} from '../server/helpers';

/**
 * Issue 10, item 15: NUL bytes and prototype keys in any body, query or path parameter answer 422
 * `validation_failed` naming the field, on every endpoint of the contract, and write nothing; names
 * refuse bidirectional-control and invisible characters.
 */

/** Tables a refused request may still touch: rate-limit counters and the security log. */
const BOOKKEEPING = new Set(['rate_limit_counters', 'security_events']);

type Spec = EndpointSpec<never, never> & { form?: true; query?: unknown; idempotent?: boolean; role?: 'admin' };
const table = Object.entries(endpoints as unknown as Record<string, Spec>);

let db: TestDatabase;
let server: TestServer;
let client: TestClient;
/** For the endpoints of admins: anyone else gets 404 before the input is read. */
let admin: TestClient;

beforeAll(async () => {
  db = await createTestDatabase();
  server = createTestServer(db);
  client = new TestClient(server);
  await registerCustomer(client);
  admin = new TestClient(server);
  expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
});
afterAll(() => db.close());

async function businessCounts() {
  const counts = await db.counts();
  return Object.fromEntries(Object.entries(counts).filter(([name]) => !BOOKKEEPING.has(name)));
}

function send(spec: Spec, path: string, body?: { raw: string; type: string }): Promise<Answer> {
  const headers: Record<string, string> = { 'idempotency-key': crypto.randomUUID() };
  // A path or query attack comes with a harmless body of the endpoint's type, so only the attack is wrong.
  const sent =
    body ??
    (spec.form ? { raw: '', type: 'application/x-www-form-urlencoded' } : spec.body ? { raw: '{}', type: 'application/json' } : undefined);
  if (sent) headers['content-type'] = sent.type;
  return (spec.role === 'admin' ? admin : client).request(spec.method, path.replace(/:(\w+)/g, 'x'), { raw: sent?.raw, headers });
}

/** Every attack on one endpoint, each with the field the answer must name. */
function attacks(spec: Spec): { what: string; path: string; body?: { raw: string; type: string }; field: string }[] {
  const list: { what: string; path: string; body?: { raw: string; type: string }; field: string }[] = [
    { what: 'NUL in the query', path: `${spec.path}?to=a%00b`, field: 'to' },
    { what: '__proto__ in the query', path: `${spec.path}?__proto__=x`, field: '__proto__' },
    { what: 'constructor in the query', path: `${spec.path}?constructor=x`, field: 'constructor' },
  ];
  for (const param of spec.path.match(/:\w+/g) ?? []) {
    list.push({ what: `NUL in ${param}`, path: spec.path.replace(param, 'a%00b'), field: param.slice(1) });
  }
  if (spec.body && spec.form) {
    const type = 'application/x-www-form-urlencoded';
    list.push({ what: 'NUL in a form field', path: spec.path, body: { raw: 'state=a%00b', type }, field: 'state' });
    list.push({ what: '__proto__ in a form', path: spec.path, body: { raw: '__proto__=x', type }, field: '__proto__' });
  } else if (spec.body) {
    const type = 'application/json';
    list.push(
      { what: 'NUL in a body field', path: spec.path, body: { raw: '{"email":"a\\u0000b@example.test"}', type }, field: 'email' },
      { what: 'NUL in a key', path: spec.path, body: { raw: '{"a\\u0000b":1}', type }, field: 'a\0b' },
      {
        what: 'NUL deep down',
        path: spec.path,
        body: { raw: '{"response":{"response":["ok","\\u0000"]}}', type },
        field: 'response.response.1',
      },
      { what: '__proto__ key', path: spec.path, body: { raw: '{"__proto__":{"admin":true}}', type }, field: '__proto__' },
      {
        what: 'nested constructor',
        path: spec.path,
        body: { raw: '{"a":{"constructor":{"prototype":{"admin":true}}}}', type },
        field: 'a.constructor',
      },
      { what: 'prototype key', path: spec.path, body: { raw: '{"prototype":1}', type }, field: 'prototype' },
    );
  }
  return list;
}

describe.each(table)('%s', (_name, spec) => {
  it('answers NUL bytes and prototype keys with 422 naming the field, and writes nothing', async () => {
    const before = await businessCounts();
    for (const attack of attacks(spec)) {
      const answer = await send(spec, attack.path, attack.body);
      expectError(answer, 422, 'validation_failed');
      expect(Object.keys(answer.body.error.fields), `${attack.what}: ${JSON.stringify(answer.body)}`).toContain(attack.field);
    }
    expect(await businessCounts()).toEqual(before);
  });
});

describe('the reported cases', () => {
  it('DELETE /api/passkeys/a%00b is a 422 naming the id, not a 500', async () => {
    expectError(await client.request('DELETE', '/passkeys/a%00b'), 422, 'validation_failed', ['id']);
  });

  it('a __proto__ key is named, not lost in an empty field list', async () => {
    const answer = await client.request('POST', '/auth/login', { raw: '{"email":"a@example.test","password":"x","__proto__":{"x":1}}' });
    expectError(answer, 422, 'validation_failed', ['__proto__']);
  });

  it('names refuse bidirectional overrides and invisible characters, and keep real letters', async () => {
    for (const name of ['Eve\u202Etxt.exe', 'A\u200Bdam', '\u2066Bob', 'Zo\u2028e', '\u3164', 'An\uFEFFn']) {
      expect(updateNameBodySchema.safeParse({ firstName: name, lastName: 'Doe' }).success, JSON.stringify(name)).toBe(false);
      expectError(await client.post('/users/update-name', { firstName: name, lastName: 'Doe' }), 422, 'validation_failed', ['firstName']);
    }
    for (const name of ['Zoë', 'محمد', 'Łukasz', 'สมชาย', '王芳', "O'Brien-Smith", 'Анна Мария']) {
      expect(updateNameBodySchema.safeParse({ firstName: name, lastName: 'Doe' }).success, name).toBe(true);
    }
  });
});

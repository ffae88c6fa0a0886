import { describe, expect, it } from 'vitest';
import { expectError, registerCustomer, TestClient, useTestServer } from '../server/helpers';

/**
 * Issue 10, item 17: /auth/refresh and /auth/logout read the refresh cookie, so another site must not
 * be able to make a signed-in browser call them — neither with a form nor with a script.
 */
const { server } = useTestServer({ config: { publicOrigin: 'http://localhost' } });

async function signedIn() {
  const client = new TestClient(server);
  await registerCustomer(client);
  return client;
}

const FORMS = [
  { 'content-type': 'application/x-www-form-urlencoded', raw: '' },
  { 'content-type': 'application/x-www-form-urlencoded', raw: 'refreshToken=x' },
  { 'content-type': 'text/plain', raw: '' },
  { 'content-type': 'text/plain', raw: '{"a":1}' },
  { 'content-type': 'multipart/form-data; boundary=x', raw: '--x--' },
];

describe.each(['/auth/refresh', '/auth/logout'])('%s', (path) => {
  it('refuses a cross-site form of any type, with or without a body, even from our own origin', async () => {
    const client = await signedIn();
    for (const { raw, ...type } of FORMS) {
      for (const origin of ['https://evil.example', 'http://localhost']) {
        const answer = await client.request('POST', path, { raw, headers: { ...type, origin }, token: null });
        expect(answer.status, `${type['content-type']} ${raw} from ${origin}`).toBe(415);
      }
    }
    // Nothing ended or rotated: the session still refreshes.
    expect((await client.post('/auth/refresh', {})).status).toBe(200);
  });

  it('refuses JSON from another origin, from a lookalike, from "null" and without an Origin', async () => {
    const client = await signedIn();
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'http://localhost:1234', 'https://localhost', 'null']) {
      expectError(await client.post(path, {}, { headers: { origin }, token: null }), 403, 'cross_origin_refused');
    }
    const noOrigin = await client.server.app.request(`http://localhost/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      body: '{}',
    });
    expect(noOrigin.status).toBe(403);
    expect((await client.post('/auth/refresh', {})).status).toBe(200);
  });

  it('accepts JSON from the app itself', async () => {
    const client = await signedIn();
    expect((await client.post(path, {}, { headers: { origin: 'http://localhost' } })).status).toBe(200);
  });
});

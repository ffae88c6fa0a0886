import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import {
  createTestServer,
  expectError,
  PRODUCTION_ENV,
  registerVerifiedCustomer,
  stepUp,
  TestClient,
  useTestDatabase,
} from '../server/helpers';
import { SoftAuthenticator } from '../server/softAuthenticator';

/** Issue 10, item 16: a passkey answer is checked against configured origins, never the Host header. */
const SECRET = { AUTH_SECRET: 's'.repeat(32) };

describe('WebAuthn origins', () => {
  it('refuses to start in production without a configured origin', () => {
    const production = { ...PRODUCTION_ENV, PUBLIC_ORIGIN: '' };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_ORIGIN/);
    expect(loadConfig({ ...production, PUBLIC_ORIGIN: 'https://app.example' }).webauthnOrigins).toEqual(['https://app.example']);
    expect(loadConfig({ ...production, WEBAUTHN_ORIGINS: 'https://a.example, https://b.example' }).webauthnOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('expects the public origin when none is configured, not whatever the request was served on', () => {
    expect(loadConfig({ ...SECRET, PORT: '4100' }).webauthnOrigins).toEqual(['http://localhost:4100']);
  });

  describe('with a forged Host', () => {
    const db = useTestDatabase();

    it('refuses an answer that names the Host of the request instead of the configured origin', async () => {
      const server = createTestServer(db, { config: { webauthnOrigins: ['https://app.example'], publicOrigin: 'https://app.example' } });
      const client = new TestClient(server);
      const { email } = await registerVerifiedCustomer(client);
      await stepUp(client, 'passkey.add', email);
      const request = await client.post('/validation-code/biometric/enable/request', {});
      expect(request.status).toBe(200);
      const forged = new SoftAuthenticator().register(request.body.options, { origin: 'http://evil.example' });
      const answer = await client.post(
        '/validation-code/biometric/enable/confirm',
        { code_token: request.body.code_token, response: forged },
        { origin: 'http://evil.example' },
      );
      expectError(answer, 400, 'passkey_verification_failed');
    });
  });
});

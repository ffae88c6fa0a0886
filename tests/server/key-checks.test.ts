import { describe, expect, it } from 'vitest';
import { meSchema, signedInSchema } from '../../contract/auth';
import { loginAnswerSchema } from '../../contract/phone';
import { DEMO_PHONE_CUSTOMER } from '../../server/db/seed';
import { checkSharedKeys } from '../../server/keyChecks';
import { createTestServer, latestCode, TestClient, testConfig, useTestDatabase } from './helpers';

/** Issue 23, item 2: several instances on one database, one set of keys. */
const db = useTestDatabase();

describe('shared keys', () => {
  it('lets every instance with the keys of the first start, and refuses another key naming its setting, never the key', async () => {
    const first = testConfig();
    await checkSharedKeys(db.database, first);
    await expect(checkSharedKeys(db.database, testConfig()), 'a second instance with the same keys').resolves.toBeUndefined();

    const secret = 'another-secret-another-secret-0123456789';
    const otherSecret = checkSharedKeys(db.database, testConfig({ authSecret: new TextEncoder().encode(secret) }));
    await expect(otherSecret).rejects.toThrow(/^AUTH_SECRET is not the one the other instances of this database use/);
    await expect(otherSecret).rejects.not.toThrow(secret);
    await expect(checkSharedKeys(db.database, testConfig({ cardKey: new Uint8Array(32), kycKey: new Uint8Array(32) }))).rejects.toThrow(
      /^CARD_KEY, KYC_KEY are not the ones/,
    );
    // An instance without a hot wallet (withdrawals off there) agrees with one that has it.
    await expect(
      checkSharedKeys(db.database, testConfig({ withdrawals: { ...first.withdrawals, hotWalletKey: undefined } })),
    ).resolves.toBeUndefined();
  });

  it("two instances with the same keys accept each other's SMS codes and tokens", async () => {
    const a = new TestClient(createTestServer(db));
    const b = new TestClient(createTestServer(db), a.ip);
    const started = loginAnswerSchema.parse((await a.login(DEMO_PHONE_CUSTOMER.email, DEMO_PHONE_CUSTOMER.password)).body);
    if (!started.twoFactorRequired) throw new Error('expected a two-factor challenge');
    const code = await latestCode(a, DEMO_PHONE_CUSTOMER.phone, 'login_two_factor');

    const done = await b.post('/auth/2fa/phone/verify', { challengeToken: started.challengeToken, code });
    expect(done.status, 'a code sent by A, typed on B').toBe(200);
    const me = await a.get('/users/me', { token: signedInSchema.parse(done.body).accessToken });
    expect(me.status, 'a token of B, used on A').toBe(200);
    expect(meSchema.parse(me.body).phone).toBe(DEMO_PHONE_CUSTOMER.phone);
  });
});

import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locales';
import { phoneCodeSentSchema } from '../../contract/phone';
import { maskPhone } from '../../contract/phoneNumbers';
import { phoneClaimedNotice } from '../../server/services/notices';
import { RATE_LIMITS } from '../../server/services/rate-limit';
import { TestClient, expectError, latestCode, registerVerifiedCustomer, stepUp, useTestServer } from '../server/helpers';

// Issue 10, item 8: whose phone number it is must not show, and its owner hears of the attempt.

const { server } = useTestServer();

const uniquePhone = () => `+49151${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** Signs up and steps up for setting a first phone (a code to the e-mail), as the app does. */
async function registerForPhone(client: TestClient, overrides: Record<string, unknown> = {}) {
  const registered = await registerVerifiedCustomer(client, overrides);
  await stepUp(client, 'phone.set', registered.email);
  return registered;
}

async function ownerOfPhone(language: string) {
  const client = new TestClient(server);
  const { email } = await registerForPhone(client, { language });
  const phone = uniquePhone();
  expect((await client.post('/users/set-phone', { phone })).status).toBe(200);
  expect((await client.post('/users/confirm-phone', { code: await latestCode(client, phone, 'set_phone') })).status).toBe(200);
  return { phone, email };
}

/** The answer without the instants, which differ between two calls anyway. */
const shape = (body: unknown) => {
  const { expiresAt, ...rest } = phoneCodeSentSchema.parse(body);
  return { ...rest, expiresAt: typeof expiresAt };
};

describe('set-phone and update-phone with a number someone else confirmed', () => {
  it('answer "code sent" like for a free number, send no code, and tell the owner in their language', async () => {
    const { phone: taken, email: ownerEmail } = await ownerOfPhone('ar');
    const client = new TestClient(server);
    await registerForPhone(client);
    const free = uniquePhone();

    const before = server.sent.length;
    const forTaken = await client.post('/users/set-phone', { phone: taken });
    const afterTaken = server.sent.slice(before);
    const forFree = await client.post('/users/set-phone', { phone: free });
    expect(forTaken.status).toBe(forFree.status);
    expect(shape(forTaken.body)).toEqual({ ...shape(forFree.body), pendingPhone: taken });

    // The only message is the owner's notice, by e-mail (issue 21, item 3), in Arabic, with no code in it.
    expect(afterTaken).toEqual([phoneClaimedNotice(ownerEmail, 'ar', maskPhone(taken))]);
    expect(afterTaken[0]!.body).not.toMatch(/\d{6}/);
    expect(afterTaken[0]!.body).not.toBe(phoneClaimedNotice(ownerEmail, 'en', maskPhone(taken)).body);

    // By the e-mail channel of a change too: the requester's own mailbox gets its code, as for a free
    // number (its absence would tell), the number gets nothing, and the owner, told today, is not told again.
    const changer = new TestClient(server);
    const { email: changerEmail } = await registerForPhone(changer);
    const own = uniquePhone();
    await changer.post('/users/set-phone', { phone: own });
    await changer.post('/users/confirm-phone', { code: await latestCode(changer, own, 'set_phone') });
    await stepUp(changer, 'phone.change', own);
    const sentBefore = server.sent.length;
    expect((await changer.post('/users/update-phone', { phone: taken, channel: 'email' })).status).toBe(200);
    expect(server.sent.slice(sentBefore).map((m) => [m.to, m.template])).toEqual([[changerEmail, 'update_phone_email']]);
  });

  it('never lets the stranger confirm the number', async () => {
    const { phone: taken } = await ownerOfPhone('en');
    const client = new TestClient(server);
    await registerForPhone(client);
    await client.post('/users/set-phone', { phone: taken });
    expectError(await client.post('/users/confirm-phone', { code: '000000' }), 400, 'code_invalid');
    expect((await client.get('/users/me')).body).toMatchObject({ phone: null, phoneConfirmed: false });
  });

  it('applies the rate limits before looking at who owns the number', async () => {
    const { phone: taken } = await ownerOfPhone('en');
    const client = new TestClient(server);
    await registerForPhone(client);
    // Registration sent one code; the per-account limit allows the rest to other numbers.
    for (let i = 1; i < RATE_LIMITS.codeSendPerAccount.limit; i++) {
      expect((await client.post('/users/set-phone', { phone: uniquePhone() })).status).toBe(200);
    }
    expectError(await client.post('/users/set-phone', { phone: uniquePhone() }), 429, 'rate_limited');
    expectError(await client.post('/users/set-phone', { phone: taken }), 429, 'rate_limited');
  });

  it('has the notice in all eight languages', () => {
    const bodies = new Set(LOCALES.map((locale) => phoneClaimedNotice('owner@example.test', locale, '+49 ••••••••00').body));
    expect(bodies.size).toBe(LOCALES.length);
  });
});

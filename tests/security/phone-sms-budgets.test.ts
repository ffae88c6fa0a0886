import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { phoneCodeSentSchema } from '../../contract/phone';
import {
  TestClient,
  TestClock,
  createTestServer,
  latestCode,
  registerVerifiedCustomer,
  stepUp,
  type TestServer,
  useTestDatabase,
} from '../server/helpers';

// Issue 21, item 3: other accounts trying a customer's phone number cost its owner neither the sign-in
// code (the SMS budget was one per number) nor SMS; the owner hears of it by e-mail, at most once a day.

const db = useTestDatabase();

const uniquePhone = () => `+49151${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** A signed-in customer stepped up for setting a first phone (a code to the e-mail). */
async function customerReadyForPhone(server: TestServer, language = 'en') {
  const client = new TestClient(server);
  const { email, password } = await registerVerifiedCustomer(client, { language });
  await stepUp(client, 'phone.set', email);
  return { client, email, password };
}

async function customerWithPhone(server: TestServer, language: string) {
  const owner = await customerReadyForPhone(server, language);
  const phone = uniquePhone();
  expect((await owner.client.post('/users/set-phone', { phone })).status).toBe(200);
  const code = await latestCode(owner.client, phone, 'set_phone');
  expect((await owner.client.post('/users/confirm-phone', { code })).status).toBe(200);
  return { ...owner, phone };
}

/** The answer without its instant, which differs between two calls anyway. */
const shape = (body: unknown) => {
  const { expiresAt, pendingPhone, ...rest } = phoneCodeSentSchema.parse(body);
  return { ...rest, expiresAt: typeof expiresAt, pendingPhone: typeof pendingPhone };
};

describe('set-phone with another customer’s number, from several throwaway accounts', () => {
  it('sends the number no SMS, leaves its owner’s sign-in code alone, and e-mails the owner once a day', async () => {
    const server = createTestServer(db, { clock: new TestClock() });
    const victim = await customerWithPhone(server, 'de');
    const attackers = [];
    for (let i = 0; i < 3; i++) attackers.push(await customerReadyForPhone(server));
    const free = await customerReadyForPhone(server);
    const freeAnswer = await free.client.post('/users/set-phone', { phone: uniquePhone() });

    const before = server.sent.length;
    // Each account asks twice (a minute apart, as the resend cooldown allows): six tries on the number.
    for (let round = 0; round < 2; round++) {
      for (const attacker of attackers) {
        const answer = await attacker.client.post('/users/set-phone', { phone: victim.phone });
        expect(answer.status).toBe(freeAnswer.status);
        expect(shape(answer.body)).toEqual(shape(freeAnswer.body));
      }
      server.clock.advance(61);
    }
    const caused = server.sent.slice(before);
    expect(caused.filter((m) => m.to === victim.phone)).toEqual([]);
    expect(caused.map((m) => ({ to: m.to, channel: m.channel, template: m.template }))).toEqual([
      { to: victim.email, channel: 'email', template: 'phone_claimed' },
    ]);
    // In the owner's language, with the number masked.
    expect(caused[0]!.subject).toMatch(/Telefonnummer/);
    expect(caused[0]!.body).not.toContain(victim.phone);

    // The owner signs in with the password: the SMS code goes out as ever.
    const signIn = await new TestClient(server).login(victim.email, victim.password);
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    expect(signIn.body.twoFactorRequired).toBe(true);
    expect(server.sent.at(-1)).toMatchObject({ to: victim.phone, template: 'login_two_factor' });

    // A day later the owner may hear of it again, once.
    server.clock.advance(24 * 60 * 60);
    const later = server.sent.length;
    for (const attacker of attackers.slice(0, 2)) {
      expect((await attacker.client.login(attacker.email, attacker.password)).status).toBe(200);
      await stepUp(attacker.client, 'phone.set', attacker.email);
      expect((await attacker.client.post('/users/set-phone', { phone: victim.phone })).status).toBe(200);
    }
    expect(server.sent.slice(later).filter((m) => m.to === victim.email || m.to === victim.phone)).toHaveLength(1);
  });

  it('keeps sending the owner’s sign-in codes whatever others spent on the number within the hour', async () => {
    const server = createTestServer(db, { clock: new TestClock() });
    const victim = await customerWithPhone(server, 'en');
    const attacker = await customerReadyForPhone(server);
    // The per-requester budget for the number runs out for the attacker…
    let refused = 0;
    for (let i = 0; i < 8; i++) {
      const answer = await attacker.client.post('/users/set-phone', { phone: victim.phone });
      if (answer.status === 429) refused++;
      server.clock.advance(61);
    }
    expect(refused).toBeGreaterThan(0);
    // …and the owner signs in twice, each time with a fresh code.
    for (let i = 0; i < 2; i++) {
      const signIn = await new TestClient(server).login(victim.email, victim.password);
      expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
      expect(server.sent.at(-1)).toMatchObject({ to: victim.phone, template: 'login_two_factor' });
    }
  });
});

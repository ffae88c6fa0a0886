import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { phoneCodeSentSchema } from '../../contract/phone';
import { TestClient, expectError, latestCode, registerVerifiedCustomer, stepUp, useTestServer } from '../server/helpers';

// Issue 21, item 8: a phone changed with `channel: email` must still prove the new number by SMS, and
// another customer's number answers like a free one at every step, confirmation included.

const { server } = useTestServer();

const uniquePhone = () => `+49151${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

async function customerWithPhone() {
  const client = new TestClient(server);
  const { email } = await registerVerifiedCustomer(client);
  const phone = uniquePhone();
  await stepUp(client, 'phone.set', email);
  expect((await client.post('/users/set-phone', { phone })).status).toBe(200);
  expect((await client.post('/users/confirm-phone', { code: await latestCode(client, phone, 'set_phone') })).status).toBe(200);
  return { client, email, phone };
}

/** Asks to change to `to` by e-mail and gives the e-mailed code: what a customer with the mailbox does. */
async function changeByEmail(customer: Awaited<ReturnType<typeof customerWithPhone>>, to: string) {
  await stepUp(customer.client, 'phone.change', customer.phone);
  expect((await customer.client.post('/users/update-phone', { phone: to, channel: 'email' })).status).toBe(200);
  const code = await latestCode(customer.client, customer.email, 'update_phone_email');
  return customer.client.post('/users/confirm-update-phone', { code });
}

const shape = (body: unknown) => {
  const { expiresAt, ...rest } = phoneCodeSentSchema.parse(body);
  return { ...rest, expiresAt: typeof expiresAt };
};

describe('changing the phone by e-mail', () => {
  it('does not make the new number the phone until its SMS code is given', async () => {
    const customer = await customerWithPhone();
    const next = uniquePhone();
    const emailed = await changeByEmail(customer, next);
    expect(emailed.status, JSON.stringify(emailed.body)).toBe(200);
    expect(shape(emailed.body)).toEqual({ pendingPhone: next, channel: 'sms', expiresAt: 'string', resendAfterSeconds: 60 });
    // Still the old phone: sign-in codes keep going there.
    expect((await customer.client.get('/users/me')).body).toMatchObject({ phone: customer.phone, phoneConfirmed: true });

    expectError(await customer.client.post('/users/confirm-update-phone-sms', { code: '000000' }), 400, 'code_invalid');
    const smsCode = await latestCode(customer.client, next, 'update_phone_sms');
    const confirmed = await customer.client.post('/users/confirm-update-phone-sms', { code: smsCode });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ phone: next, phoneConfirmed: true });
  });

  it('answers for another customer’s number as for a free one at every step, and never confirms it', async () => {
    const owner = await customerWithPhone();
    const customer = await customerWithPhone();
    const free = uniquePhone();

    const forFree = await changeByEmail(customer, free);
    const before = server.sent.length;
    const forTaken = await changeByEmail(customer, owner.phone);
    expect(forTaken.status).toBe(forFree.status);
    expect(shape(forTaken.body)).toEqual({ ...shape(forFree.body), pendingPhone: owner.phone });
    // The requester's own mailbox got its code as for a free number; the taken number got no SMS.
    expect(server.sent.slice(before).filter((m) => m.to === owner.phone)).toEqual([]);

    for (const code of ['000000', '123456']) {
      expectError(await customer.client.post('/users/confirm-update-phone-sms', { code }), 400, 'code_invalid');
    }
    expect((await customer.client.get('/users/me')).body).toMatchObject({ phone: customer.phone });
    expect((await owner.client.get('/users/me')).body).toMatchObject({ phone: owner.phone, phoneConfirmed: true });
  });

  it('refuses a number another customer confirmed meanwhile like a wrong code, not as “taken”', async () => {
    const first = new TestClient(server);
    const second = new TestClient(server);
    const phone = uniquePhone();
    for (const client of [first, second]) {
      const { email } = await registerVerifiedCustomer(client);
      await stepUp(client, 'phone.set', email);
      expect((await client.post('/users/set-phone', { phone })).status).toBe(200);
    }
    // Both codes went to the (then free) number; the second customer's is read before the first confirms.
    const messages = server.sent.filter((m) => m.to === phone && m.template === 'set_phone');
    const [firstCode, secondCode] = messages.map((m) => /\b(\d{6})\b/.exec(m.body)![1]!);
    expect((await first.post('/users/confirm-phone', { code: firstCode })).status).toBe(200);
    expectError(await second.post('/users/confirm-phone', { code: secondCode }), 400, 'code_invalid');
    expect((await second.get('/users/me')).body).toMatchObject({ phone: null, phoneConfirmed: false });
  });
});

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { withdrawalAddressSchema, withdrawalQuoteSchema } from '../../contract/withdrawals';
import { stepUp, useTestServer } from '../server/helpers';
import { fund } from '../server/payLinkHelpers';
import { device, pushServiceOn, recordingSender, vapid } from '../server/pushHelpers';
import { withdrawalHelpers } from '../server/withdrawalHelpers';

/**
 * Issue 21, item 13: whoever adds a withdrawal address or starts a withdrawal with the customer's
 * session, the customer hears of it at once, in their language: an entry in "Recent security
 * activity", an e-mail and a push. A stranger's address is then noticed within its cooling-off
 * period, a stranger's withdrawal while it is still pending.
 */
const { db, server } = useTestServer({ config: { push: { mode: 'webpush', vapid } } });
const { customer } = withdrawalHelpers(db);
/** A testnet address (the test server takes Bitcoin's test networks and settles them in simulation). */
const ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

let who: Awaited<ReturnType<typeof customer>>;
const phone = device();
const sender = recordingSender();

beforeAll(async () => {
  who = await customer(server);
  expect((await who.client.post('/user-settings', { language: 'de' })).status).toBe(200);
  expect((await who.client.post('/push/subscriptions', phone.body)).status).toBe(200);
  await fund(db, who.userId, 'BTC', '0.01');
  await pushServiceOn(db, sender.send).deliverPending();
  sender.received.length = 0;
});

/** What reached the customer's phone since the last look, decrypted as the browser would. */
async function pushes() {
  await pushServiceOn(db, sender.send).deliverPending();
  const mine = sender.received.filter((push) => push.endpoint === phone.body.endpoint).map((push) => phone.decrypt(push.body));
  sender.received.length = 0;
  return mine;
}

const mails = (template: string) => server.sent.filter((message) => message.to === who.email && message.template === template);
const latestSecurityEvent = async () => (await who.client.get('/auth/security-activity')).body.events[0];

describe('a withdrawal address added (issue 21, item 13)', () => {
  it('is in the security log, e-mailed and pushed, in the customer’s language', async () => {
    await stepUp(who.client, 'withdrawal.address', who.phone);
    const added = await who.client.post('/withdrawal-addresses', { network: 'bitcoin', address: ADDRESS, label: 'Cold' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const saved = withdrawalAddressSchema.parse(added.body);

    expect(await latestSecurityEvent()).toMatchObject({ kind: 'withdrawal_address_added', detail: ADDRESS, ip: who.client.ip });
    const [mail, ...more] = mails('withdrawal_address_added');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Ihrem Meridian-Konto wurde eine Auszahlungsadresse hinzugefügt');
    expect(mail!.body).toContain(`${ADDRESS} (Bitcoin)`);
    // When the address can first be used (the test server has no cooling-off period): now.
    expect(mail!.body).toContain(
      new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(saved.usableAt)),
    );
    expect(await pushes()).toEqual([expect.objectContaining({ title: 'Neue Auszahlungsadresse', url: '/de/profile/security' })]);
  });

  it('writes nothing when the address is refused', async () => {
    await stepUp(who.client, 'withdrawal.address', who.phone);
    expect((await who.client.post('/withdrawal-addresses', { network: 'bitcoin', address: ADDRESS, label: 'Again' })).status).toBe(409);
    expect(mails('withdrawal_address_added')).toHaveLength(1);
    expect(await pushes()).toEqual([]);
  });
});

describe('a withdrawal started (issue 21, item 13)', () => {
  it('is in the security log, e-mailed and pushed with its amount, once however often it is replayed', async () => {
    const [saved] = (await who.client.get('/withdrawal-addresses')).body.addresses;
    const offered = withdrawalQuoteSchema.parse(
      (await who.client.post('/withdrawals/quotes', { asset: 'BTC', addressId: saved.id, amount: '0.004' })).body,
    );
    await stepUp(who.client, 'withdrawal', who.phone);
    const key = { headers: { 'idempotency-key': randomUUID() } };
    const answers = [
      await who.client.post('/withdrawals', { quoteId: offered.id }, key),
      await who.client.post('/withdrawals', { quoteId: offered.id }, key),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);

    expect(await latestSecurityEvent()).toMatchObject({
      kind: 'withdrawal_requested',
      detail: `0.004 BTC → ${ADDRESS}`,
      ip: who.client.ip,
    });
    const [mail, ...more] = mails('withdrawal_requested');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Eine Auszahlung von Ihrem Meridian-Konto wurde gestartet');
    expect(mail!.body).toContain(`0,004\u00a0BTC an ${ADDRESS} (Bitcoin)`);
    expect(await pushes()).toEqual([
      expect.objectContaining({ title: 'Auszahlung gestartet', body: expect.stringContaining('0,004\u00a0BTC'), url: '/de/activities' }),
    ]);
    // The in-app list has both, newest first.
    const list = (await who.client.get('/notifications')).body.notifications.map((item: { kind: string }) => item.kind);
    expect(list.slice(0, 2)).toEqual(['withdrawal_requested', 'withdrawal_address_added']);
  });
});

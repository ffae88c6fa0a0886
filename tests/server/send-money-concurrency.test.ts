import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INVITATION_DAYS } from '../../contract/sendMoney';
import { accounts, moneySends, users } from '../../server/db/schema';
import { auditLedger } from '../../server/services/audit';
import { POSTGRES_URL, TestClient, meetRules, registerCustomer, setRates, uniqueEmail, useTestServer, withKey } from './helpers';
import { balanceOf, fund } from './payLinkHelpers';
import { sendMoneyHelpers } from './sendMoneyHelpers';

/** Rounds of the race; `npm run stress` runs 100 (STRESS_ROUNDS). */
const ROUNDS = Number(process.env.STRESS_ROUNDS ?? 12);
const AMOUNT = '5.00';

// PGlite runs one query at a time, so only a real PostgreSQL shows what two instances do at once.
describe.skipIf(!POSTGRES_URL)(`an invitation claimed as its ${INVITATION_DAYS} days run out, ${ROUNDS} times (PostgreSQL)`, () => {
  const { db, server } = useTestServer();

  it('either the invitee gets it or the sender gets it back, never both, and the ledger sums to zero', async () => {
    const { customer, waiting } = sendMoneyHelpers(db, server);
    const sender = await customer('Sam', 'Smith');
    const from = await fund(db, sender.userId, 'EUR', '1000');
    const invitations: { id: string; to: string }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const to = uniqueEmail();
      const sent = await sender.client.post('/send', { to, fromAccountId: from, amount: AMOUNT }, withKey(randomUUID()));
      expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ status: 'invited' });
      invitations.push({ id: sent.body.id as string, to });
    }
    // Each address becomes a customer's, proven, just as the invitation runs out.
    const invitees = new Map<string, string>();
    for (const { id, to } of invitations) {
      await registerCustomer(new TestClient(server), { email: to });
      const [row] = await db.database.db.select({ id: users.id }).from(users).where(eq(users.email, to));
      await meetRules(db, row!.id, ['email-verified']);
      invitees.set(id, row!.id);
    }
    server.clock.advance(INVITATION_DAYS * 24 * 3_600);
    await setRates(server, [{ asset: 'EUR', usd: '1.08' }]);

    // Two instances: one hands the invitation to its new customer, the other gives it back, at once.
    const [claiming, returning] = [waiting(), waiting()];
    let claimed = 0;
    for (const [round, { id }] of invitations.entries()) {
      const recipientId = invitees.get(id)!;
      const race = [() => claiming.claim(id, recipientId), () => returning.giveBack(id)];
      if (round % 2) race.reverse();
      const outcomes = await Promise.all(race.map((run) => run()));
      expect(outcomes.filter(Boolean), `round ${round}`).toHaveLength(1);

      const [send] = await db.database.db.select().from(moneySends).where(eq(moneySends.id, id));
      const [received] = await db.database.db
        .select({ balance: sql<string>`${accounts.balance}::text` })
        .from(accounts)
        .where(and(eq(accounts.userId, recipientId), eq(accounts.currency, 'EUR')));
      if (send!.status === 'returned') {
        expect(received?.balance ?? '0', `round ${round}`).toMatch(/^0(\.0+)?$/);
      } else {
        claimed += 1;
        expect({ status: send!.status, recipientId: send!.recipientId }).toEqual({ status: 'sent', recipientId });
        expect(Number(received!.balance), `round ${round}`).toBe(Number(AMOUNT));
      }
    }
    // Whatever was not claimed came back, once: nothing waits in the holding account any more.
    expect(await balanceOf(db, from)).toBe((1000 - claimed * Number(AMOUNT)).toFixed(2));
    const [holding] = await db.database.db
      .select({ total: sql<string>`coalesce(sum(${accounts.balance}), 0)::text` })
      .from(accounts)
      .where(and(eq(accounts.systemRole, 'holding'), eq(accounts.currency, 'EUR')));
    expect(Number(holding!.total)).toBe(0);
    expect(await auditLedger(db.database.db)).toEqual([]);
  }, 600_000);
});

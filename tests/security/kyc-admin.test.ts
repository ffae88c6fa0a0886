import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, kycApplications, users } from '../../server/db/schema';
import { DEMO_ADMIN } from '../../server/db/seed';
import { TestClient, expectError, registerCustomer, useTestServer } from '../server/helpers';

/**
 * Issue 21, item 14: an admin cannot approve their own identity check (and so lift their own limits),
 * and reading the review queue — every waiting customer's name, document and answers — is audited.
 */
const { db, server } = useTestServer();
let admin: TestClient;
let adminId: string;
let customerId: string;

/** Marks a customer's check as submitted and waiting, with the legal name and birth date approval needs, as `POST /kyc/submit` leaves it. */
async function pending(userId: string) {
  const now = server.clock.now();
  await db.database.db.update(users).set({ kycStatus: 'pending', firstName: 'Dana', lastName: 'Doe' }).where(eq(users.id, userId));
  await db.database.db
    .insert(kycApplications)
    .values({ userId, submittedAt: now, updatedAt: now, dateOfBirth: '1990-04-12' })
    .onConflictDoNothing();
}

const auditRows = (action: 'kyc_queue_viewed' | 'kyc_approved') =>
  db.database.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.action, action))
    .then((rows) => rows.filter((row) => row.adminId === adminId));

beforeAll(async () => {
  admin = new TestClient(server);
  expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
  adminId = (await admin.get('/users/me')).body.id as string;
  const customer = new TestClient(server);
  await registerCustomer(customer);
  customerId = (await customer.get('/users/me')).body.id as string;
  await pending(customerId);
});

describe('the identity-check review (issue 21, item 14)', () => {
  it('refuses an admin’s decision on their own check, whatever the decision, and writes nothing', async () => {
    await pending(adminId);
    for (const body of [{ decision: 'approve' }, { decision: 'reject', reason: 'No.' }]) {
      expectError(await admin.post(`/simulate/admin/kyc/${adminId}`, body), 403, 'kyc_own_decision');
    }
    const [me] = await db.database.db.select({ status: users.kycStatus }).from(users).where(eq(users.id, adminId));
    expect(me!.status).toBe('pending');
    expect(await auditRows('kyc_approved')).toEqual([]);
    // Another customer's check is still theirs to decide.
    expect((await admin.post(`/simulate/admin/kyc/${customerId}`, { decision: 'approve' })).status).toBe(200);
    expect(await auditRows('kyc_approved')).toHaveLength(1);
  });

  it('writes each read of the queue to the audit log, naming the customers it showed', async () => {
    const reader = new TestClient(server);
    expect((await reader.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    const before = (await auditRows('kyc_queue_viewed')).length;
    const queue = await reader.get('/simulate/admin/kyc');
    expect(queue.status).toBe(200);
    const shown = (queue.body.applications as { userId: string }[]).map((item) => item.userId);
    expect(shown).toContain(adminId);
    const rows = await auditRows('kyc_queue_viewed');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.details).toEqual({ customers: shown.join(' ') });
  });
});

import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { createLimitService } from '../../server/services/limits';
import { createRateLimiter } from '../../server/services/rate-limit';
import { createSendMoneyService } from '../../server/services/sendMoney';
import { registerQualifiedCustomer, TestClient, type TestDatabase, type TestServer } from './helpers';

/** What the send-money tests share: named customers who may send, and the maintenance round's part. */
export function sendMoneyHelpers(db: TestDatabase, server: TestServer) {
  /** A customer who meets every rule (KYC approved), named so that the other side sees "First L.". */
  async function customer(firstName: string, lastName: string) {
    const client = new TestClient(server);
    const { email, phone, userId } = await registerQualifiedCustomer(client, db);
    await db.database.db.update(users).set({ firstName, lastName }).where(eq(users.id, userId));
    return { client, email, phone, userId };
  }

  /** The send-money service as the maintenance round runs it, on the test server's database and clock. */
  function waiting() {
    const database = db.database.db;
    const clock = server.clock.now;
    return createSendMoneyService({
      db: database,
      clock,
      stepUp: { require: async () => {}, consume: async () => {} },
      limits: createLimitService(database, clock),
      rateLimiter: createRateLimiter(database, clock),
      outbox: { enqueue: async () => {} },
    });
  }

  return { customer, waiting };
}

// `npm run seed`: the demo customer, the demo admin and promo codes, in the configured database (idempotent).
import { openDatabase } from '../bootstrap';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { DEMO_ADMIN, DEMO_CUSTOMER, seedDemo } from '../db/seed';
import { consoleLogger } from '../logger';

const config = loadConfig();
const database = await openDatabase(config, consoleLogger);
try {
  const { demoCreated } = await seedDemo(database.db, systemClock, config.passwordCost);
  console.log(
    demoCreated
      ? `Seeded the demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}, and the demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`
      : `The demo customer ${DEMO_CUSTOMER.email} already exists; left unchanged.`,
  );
} finally {
  await database.close();
}

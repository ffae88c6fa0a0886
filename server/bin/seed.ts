// `npm run seed`: the demo customer, the demo admin and promo codes, in the configured database (idempotent).
import { openDatabase } from '../bootstrap';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { DEMO_ADMIN, DEMO_CUSTOMER, seedDemo } from '../db/seed';
import { consoleLogger } from '../logger';

// The demo accounts' passwords are published (README, demo mode's console): in production they would be
// anyone's way in. The first operator comes from `npm run admin:create`.
if (process.env.NODE_ENV === 'production') {
  console.error(
    'npm run seed refuses NODE_ENV=production: it adds the demo accounts, whose passwords are public. Use npm run admin:create.',
  );
  process.exit(1);
}

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

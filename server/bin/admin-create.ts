// `npm run admin:create -- --email ops@example.com [--country DE]`: an operator account (role admin, e-mail
// verified) in the database the server would open with the same environment. The password is read from
// stdin when one is piped in, else generated and printed once; it is hashed as a sign-up's is. Production
// seeds no one, so this is how its first admin comes to be. On the embedded database, stop the server first.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema } from '../../contract/auth';
import { countryCodeSchema } from '../../contract/countries';
import { openDatabase } from '../bootstrap';
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { insertVerifiedUser } from '../db/seed';
import { ApiError } from '../errors';
import { consoleLogger } from '../logger';
import { assertStrongPassword, createPasswordHasher } from '../services/passwords';

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  // `echo secret |` ends with a newline that is not part of the password.
  return text.replace(/\r?\n$/, '');
}

const { values } = parseArgs({ options: { email: { type: 'string' }, country: { type: 'string' } } });
const email = emailSchema.safeParse(values.email ?? '');
if (!email.success) fail('--email must be an e-mail address.');
// The column needs one; an operator holds no money, so it matters little (a social sign-up's fallback).
const country = countryCodeSchema.safeParse((values.country ?? 'US').toUpperCase());
if (!country.success) fail('--country must be an ISO 3166-1 alpha-2 country code.');

const piped = process.stdin.isTTY ? '' : await readStdin();
const password = piped || generatePassword();
const rule = passwordSchema.safeParse(password);
if (!rule.success) fail(`the password on stdin: ${rule.error.issues[0]!.message.toLowerCase()}.`);
try {
  assertStrongPassword(password, { email: email.data });
} catch (error) {
  if (error instanceof ApiError) fail('the password on stdin is too easy to guess.');
  throw error;
}

const config = loadConfig();
const database = await openDatabase(config, consoleLogger);
try {
  const passwordHash = await createPasswordHasher(config.passwordCost).hash(password);
  const now = systemClock();
  const created = await database.db.transaction((tx) =>
    insertVerifiedUser(tx, now, {
      email: email.data,
      passwordHash,
      firstName: null,
      lastName: null,
      country: country.data,
      language: 'en',
      role: 'admin',
    }),
  );
  if (created) {
    console.log(`Created the admin ${email.data}.`);
    if (!piped) console.log(`Password (shown only now): ${password}`);
  } else {
    console.error(`admin:create: ${email.data} already has an account; nothing was changed.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}

/** 18 random bytes (144 bits), drawn again in the rare case they hold no letter or no digit, which the rule asks for. */
function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(18).toString('base64url');
    if (passwordSchema.safeParse(candidate).success) return candidate;
  }
}

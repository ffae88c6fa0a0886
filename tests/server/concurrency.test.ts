import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../server/db/schema';
import { CODE_MAX_ATTEMPTS } from '../../server/services/codes';
import { BACKOFFS, RATE_LIMITS } from '../../server/services/rate-limit';
import {
  DEFAULT_PASSWORD,
  POSTGRES_URL,
  TestClient,
  createTestDatabase,
  createTestServer,
  latestCode,
  refreshWithCookie,
  registerCustomer,
  uniqueEmail,
  uniqueIp,
  type Answer,
  type TestDatabase,
  type TestServer,
} from './helpers';

/** How many of the answers carry each status / error code. */
function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.status < 300 ? String(answer.status) : `${answer.status} ${answer.body.error.code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const PARALLEL = 8;
const inParallel = (request: () => Promise<Answer>) => Promise.all(Array.from({ length: PARALLEL }, request));

// PGlite runs one query at a time, so only a real PostgreSQL can show what happens when requests race.
describe.skipIf(!POSTGRES_URL)('under concurrent requests (PostgreSQL)', () => {
  let db: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    db = await createTestDatabase();
    server = createTestServer(db);
  });
  afterAll(() => db.close());

  it('of one refresh token, exactly one rotates it; the others get refresh_conflict and the session lives', async () => {
    const client = new TestClient(server);
    await registerCustomer(client);
    const refreshToken = client.cookies.get('refresh_token')!;

    const answers = await inParallel(() => refreshWithCookie(server, refreshToken));
    expect(tally(answers)).toEqual({ '200': 1, '409 refresh_conflict': PARALLEL - 1 });

    const winner = answers.find((a) => a.status === 200)!;
    const sessionId = decodeJwt(winner.body.accessToken).sid as string;
    const family = await db.database.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));
    expect(family).toHaveLength(2);
    expect((await client.get('/users/me', { token: winner.body.accessToken })).status).toBe(200);
  });

  it('redeeming one promo code, exactly one succeeds', async () => {
    const client = new TestClient(server);
    await registerCustomer(client);
    const answers = await inParallel(() => client.post('/users/promocode', { code: 'FRIENDS' }));
    expect(tally(answers)).toEqual({ '200': 1, '409 promo_already_redeemed': PARALLEL - 1 });
  });

  it('registering one e-mail, exactly one account is created', async () => {
    const email = uniqueEmail();
    const body = { email, password: DEFAULT_PASSWORD, country: 'FR', acceptTerms: true };
    // As many as the per-account code-sending limit lets through (each registration sends a code).
    const { limit } = RATE_LIMITS.codeSendPerAccount;
    const answers = await Promise.all(Array.from({ length: limit }, () => new TestClient(server).post('/auth/register', body)));
    expect(tally(answers)).toEqual({ '201': 1, '409 email_taken': limit - 1 });
  });

  it('with the right code, the e-mail is verified once and the code spent once', async () => {
    const client = new TestClient(server);
    const { email } = await registerCustomer(client);
    const code = await latestCode(client, email, 'verify_email');
    const answers = await inParallel(() => client.post('/auth/verify-email', { code }));
    const counts = tally(answers);
    expect(counts['200']).toBe(1);
    // The losers find the code spent, or — if they start after the winner commits — the e-mail verified.
    expect((counts['400 code_invalid'] ?? 0) + (counts['409 email_already_verified'] ?? 0)).toBe(PARALLEL - 1);
  });

  it('with wrong codes, every try is counted: no more than the allowed tries are judged', async () => {
    const client = new TestClient(server);
    const { email } = await registerCustomer(client);
    const code = await latestCode(client, email, 'verify_email');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 2 * CODE_MAX_ATTEMPTS }, () => client.post('/auth/verify-email', { code: wrong })),
    );
    expect(tally(answers)).toEqual({
      '400 code_invalid': CODE_MAX_ATTEMPTS - 1,
      '400 code_attempts_exceeded': CODE_MAX_ATTEMPTS + 1,
    });
  });

  it('of failed sign-ins on one e-mail from one address, no more pass than the backoff lets through', async () => {
    const { email } = await registerCustomer(new TestClient(server));
    const ip = uniqueIp();
    const { freeFailures } = BACKOFFS.login;
    const attempts = freeFailures * 3;
    const answers = await Promise.all(Array.from({ length: attempts }, () => new TestClient(server, ip).login(email, 'wrong password 1')));
    expect(tally(answers)).toEqual({
      '400 invalid_credentials': freeFailures,
      '429 rate_limited': attempts - freeFailures,
    });
  });
});

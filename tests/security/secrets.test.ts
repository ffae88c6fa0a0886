import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema';
import { describeError, maskingLogger, type Logger } from '../../server/logger';
import { CODE_TTL_SECONDS } from '../../server/services/codes';
import { createOutbox } from '../../server/services/outbox';
import { createTestServer, registerCustomer, TestClient, TestClock, useTestDatabase } from '../server/helpers';

/** Issue 10, item 11: codes do not linger in the outbox, and logs carry no contact data or query parameters. */
const db = useTestDatabase();

const messagesTo = (email: string) => db.database.db.select().from(outbox).where(eq(outbox.recipient, email));

describe('outbox bodies', () => {
  it('are emptied once delivered in production; the metadata stays', async () => {
    const client = new TestClient(createTestServer(db, { config: { production: true, demoMode: false } }));
    const { email } = await registerCustomer(client);
    const [message] = await messagesTo(email);
    expect(message).toMatchObject({ template: 'verify_email', body: '' });
    expect(message!.subject).not.toBe('');
    expect(message!.sentAt).not.toBeNull();
  });

  it('stay outside production until the code has expired, then are emptied', async () => {
    const clock = new TestClock();
    const client = new TestClient(createTestServer(db, { clock }));
    const { email } = await registerCustomer(client);
    const purge = createOutbox(db.database.db, clock.now, async () => {}, silent, false).purgeDelivered;
    await purge();
    expect((await messagesTo(email))[0]!.body).toMatch(/\d{6}/);
    clock.advance(CODE_TTL_SECONDS + 1);
    await purge();
    const [message] = await messagesTo(email);
    expect(message).toMatchObject({ template: 'verify_email', body: '', recipient: email });
  });
});

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

describe('logs', () => {
  it('mask e-mail addresses and phone numbers in production', () => {
    const lines: string[] = [];
    const capture: Logger = {
      info: (e, f) => lines.push(JSON.stringify(f)),
      warn: () => {},
      error: (e, f) => lines.push(JSON.stringify(f)),
    };
    const logger = maskingLogger(capture);
    logger.info('outbox.email', { to: 'jane.doe@example.test', nested: { list: ['+33612345678', 'call +4915112345678 now'] } });
    logger.error('request.failed', { path: '/api/x/ünïcode.user@sub.example.co.uk' });
    const text = lines.join('\n');
    for (const secret of ['jane.doe', '33612345678', '4915112345678', 'ünïcode.user']) expect(text).not.toContain(secret);
    expect(text).toContain('j***@example.test');
    expect(text).toContain('+*****78');
  });

  it('never carry the parameters of a failed database query (a NUL byte in a path logged them)', async () => {
    // A query the database refuses, with a secret among its parameters.
    const failing = db.database.db.select().from(outbox).where(eq(outbox.recipient, 'zebra-1234\u0000@example.test'));
    const error: unknown = await failing.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(String((error as Error).message)).toContain('zebra-1234');
    const described = JSON.stringify(describeError(error));
    expect(described).not.toContain('zebra-1234');
    expect(described).not.toContain('params');
    expect(described).toContain('Failed query');
    expect(described).toContain('invalid byte sequence');
  });
});

import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { randomUUID } from 'node:crypto';
import { addSeconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { outbox } from '../db/schema';
import { describeError, type Logger } from '../logger';
import { CODE_TTL_SECONDS } from './codes';

export interface Message {
  to: string;
  channel: 'email' | 'sms';
  /** Which message this is (`verify_email`, …), for the simulation admin and tests. */
  template: string;
  subject: string;
  body: string;
}

/** Hands one message to the world. Throwing leaves it in the outbox for the next delivery round. */
export type Transport = (message: Message) => Promise<void>;

/**
 * The default transport writes to the log. Message bodies carry one-time codes, so only demo mode
 * logs them; otherwise the log says who was written to and why.
 */
export function logTransport(logger: Logger, withBodies: boolean): Transport {
  return async (message) => {
    const { body, ...envelope } = message;
    logger.info(`outbox.${message.channel}`, withBodies ? { ...envelope, body } : envelope);
  };
}

/** E-mail through SMTP (nodemailer URL form, e.g. smtps://user:pass@smtp.example.com). */
export function smtpTransport(smtpUrl: string, from: string, timeoutMs: number): Transport {
  const mailer = createTransport({ url: smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  return async (message) => {
    await mailer.sendMail({ from, to: message.to, subject: message.subject, text: message.body });
  };
}

/**
 * SMS through an HTTP gateway: one JSON POST `{ to, body, template }` per message to the configured
 * URL (credentials in the URL or handled by the gateway in front of the SMS provider). Any answer
 * other than 2xx, or none within the timeout, leaves the message in the outbox for the next round.
 */
export function httpSmsTransport(gatewayUrl: string, timeoutMs: number, fetchImpl: typeof fetch = fetch): Transport {
  return async (message) => {
    const response = await fetchImpl(gatewayUrl, {
      method: 'POST',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: message.to, body: message.body, template: message.template }),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  };
}

/** Each channel to its own transport. */
export function channelTransport(transports: Record<Message['channel'], Transport>): Transport {
  return (message) => transports[message.channel](message);
}

/** How long a sender may hold a message before another one may try it. */
const CLAIM_SECONDS = 60;
const BATCH_SIZE = 20;
const MAX_ATTEMPTS = 10;
const DEV_LIST_LIMIT = 50;

/**
 * Messages are written to the `outbox` table inside the transaction of the change that causes them
 * (no code is e-mailed for an account that was rolled back), then delivered after the commit. A
 * failed delivery stays in the table with its error and is retried by the next round (server/main.ts
 * runs one every minute).
 *
 * A body holds one-time codes, so it is not kept once it has done its job: with `purgeOnDelivery`
 * (production) it is emptied as soon as it is delivered; otherwise `purgeDelivered` empties it once
 * the codes in it have expired (until then the dev outbox and the tests read it). Recipient, template,
 * subject and times stay.
 */
export function createOutbox(db: Db, clock: Clock, transport: Transport, logger: Logger, purgeOnDelivery: boolean) {
  async function enqueue(tx: Db, message: Message): Promise<void> {
    await tx.insert(outbox).values({
      id: randomUUID(),
      recipient: message.to,
      channel: message.channel,
      template: message.template,
      subject: message.subject,
      body: message.body,
      createdAt: clock(),
    });
  }

  /**
   * Claims a batch of unsent messages and sends them. Claiming is one UPDATE over rows locked with
   * SKIP LOCKED, so servers running rounds at the same time never pick the same message.
   */
  async function deliverPending(): Promise<void> {
    const now = clock();
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lt(outbox.attempts, MAX_ATTEMPTS), or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, now))))
      .orderBy(asc(outbox.seq))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(outbox)
      .set({ claimedUntil: addSeconds(now, CLAIM_SECONDS), attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due))
      .returning();
    for (const row of claimed) {
      const message: Message = { to: row.recipient, channel: row.channel, template: row.template, subject: row.subject, body: row.body };
      try {
        await transport(message);
        await db
          .update(outbox)
          .set({ sentAt: clock(), claimedUntil: null, lastError: null, ...(purgeOnDelivery ? { body: '' } : {}) })
          .where(eq(outbox.id, row.id));
      } catch (error) {
        logger.warn('outbox.delivery_failed', { id: row.id, to: row.recipient, attempt: row.attempts, ...describeError(error) });
        await db
          .update(outbox)
          .set({ claimedUntil: null, lastError: String(error) })
          .where(eq(outbox.id, row.id));
      }
    }
  }

  /** Delivery must never fail the request that caused it: the message is safe in the table. */
  async function deliverPendingQuietly(): Promise<void> {
    await deliverPending().catch((error: unknown) => logger.error('outbox.round_failed', describeError(error)));
  }

  /** Empties the bodies of delivered messages whose codes have expired. */
  async function purgeDelivered(): Promise<void> {
    const expired = addSeconds(clock(), -CODE_TTL_SECONDS);
    await db
      .update(outbox)
      .set({ body: '' })
      .where(and(lt(outbox.sentAt, expired), sql`${outbox.body} <> ''`));
  }

  function listFor(recipient: string) {
    return db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.seq)).limit(DEV_LIST_LIMIT);
  }

  /** The newest messages, of one recipient when given (the admins' outbox view). */
  function latest(tx: Db, recipient?: string) {
    const query = tx.select().from(outbox);
    return (recipient ? query.where(eq(outbox.recipient, recipient)) : query).orderBy(desc(outbox.seq)).limit(DEV_LIST_LIMIT);
  }

  return { enqueue, deliverPending: deliverPendingQuietly, purgeDelivered, listFor, latest };
}

export type Outbox = ReturnType<typeof createOutbox>;

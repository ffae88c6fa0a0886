import { and, asc, count, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import webpush from 'web-push';
import { isLocale, DEFAULT_LOCALE } from '../../contract/locales';
import type { NotificationList, PushConfig, PushPayload, PushSubscriptionBody } from '../../contract/notifications';
import { NOTIFICATIONS_SHOWN } from '../../contract/notifications';
import type { Clock } from '../clock';
import type { PushSettings } from '../config';
import type { Db } from '../db/database';
import { notifications, pushSubscriptions, userSettings } from '../db/schema';
import { ApiError } from '../errors';
import { describeError, type Logger } from '../logger';
import type { Listen } from './payLinkEvents';
import { pushText } from './pushNotices';
import type { Principal } from './tokens';

/** The channel the database's notification triggers NOTIFY on (migration 0030); the payload is the id. */
export const NOTIFICATIONS_CHANNEL = 'notifications';

/** A device keeps this many subscriptions per customer at most; the oldest goes first. */
const MAX_DEVICES = 10;

/** How long the push service may take to answer, and how long it keeps an undelivered push. */
const PUSH_TIMEOUT_MS = 10_000;
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** Sends one encrypted push: the request web-push prepares, made with fetch (http too, for a local push service). */
export type PushSender = (request: {
  endpoint: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
}) => Promise<number>;

const fetchSender: PushSender = async (request) => {
  const answer = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers,
    body: request.body ? new Uint8Array(request.body) : null,
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await answer.body?.cancel();
  return answer.status;
};

/**
 * Whether the server may send to this endpoint: push services are public https hosts. Demo mode also
 * takes a local one (the tests' stand-in push service); production never posts to this machine or a
 * private network (the endpoint is the caller's to choose).
 */
export function pushEndpointAllowed(endpoint: string, demoMode: boolean): boolean {
  const url = new URL(endpoint);
  if (demoMode) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const privateHost =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.internal') ||
    host.endsWith('.local') ||
    /^(127|10|0)\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^169\.254\./.test(host) ||
    host.includes(':') ||
    /^\d+$/.test(host);
  return !privateHost;
}

interface PushDeps {
  db: Db;
  clock: Clock;
  settings: PushSettings;
  demoMode: boolean;
  logger: Logger;
  listen?: Listen;
  send?: PushSender;
}

/**
 * The in-app notifications list and push delivery. Notifications are written by the database itself
 * (triggers of migration 0030, in the transaction of what they tell); this service lists them, marks them
 * read, and pushes each one once to the customer's devices, in the customer's saved language.
 */
export function createPushService({ db, clock, settings, demoMode, logger, listen, send = fetchSender }: PushDeps) {
  function config(): PushConfig {
    if (settings.mode === 'webpush') return { mode: 'webpush', vapidPublicKey: settings.vapid.publicKey };
    if (settings.mode === 'sdk') return { mode: 'sdk', appId: settings.appId, scriptUrl: settings.scriptUrl };
    return { mode: 'off' };
  }

  /** This device (the signed-in session's) gets this customer's pushes; a repeat updates its keys. */
  async function subscribe(principal: Principal, body: PushSubscriptionBody): Promise<{ ok: true }> {
    if (settings.mode !== 'webpush') throw new ApiError('push_unavailable');
    if (!pushEndpointAllowed(body.endpoint, demoMode)) throw new ApiError('push_endpoint_refused');
    await db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(pushSubscriptions)
        .values({
          id: randomUUID(),
          userId: principal.userId,
          sessionId: principal.sessionId,
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          createdAt: clock(),
        })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { sessionId: principal.sessionId, p256dh: body.keys.p256dh, auth: body.keys.auth },
          // Another customer's device keeps its subscription: refused below, never taken over.
          setWhere: eq(pushSubscriptions.userId, principal.userId),
        })
        .returning({ id: pushSubscriptions.id });
      if (!stored) throw new ApiError('push_endpoint_refused');
      const devices = await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, principal.userId))
        .orderBy(desc(pushSubscriptions.createdAt))
        .offset(MAX_DEVICES);
      if (devices.length > 0)
        await tx.delete(pushSubscriptions).where(
          inArray(
            pushSubscriptions.id,
            devices.map((d) => d.id),
          ),
        );
    });
    return { ok: true };
  }

  async function list(userId: string): Promise<NotificationList> {
    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(NOTIFICATIONS_SHOWN);
    const [unread] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return {
      notifications: rows.map((row) => ({
        id: String(row.id),
        kind: row.kind,
        params: { amount: row.params.amount, currency: row.params.currency, event: row.params.event },
        createdAt: row.createdAt.toISOString(),
        read: row.readAt !== null,
      })),
      unreadCount: unread?.n ?? 0,
    };
  }

  /** The customer saw the list up to `upToId`: those are read (the owner's only; repeatable). */
  async function markRead(userId: string, upToId: string): Promise<NotificationList> {
    await db
      .update(notifications)
      .set({ readAt: clock() })
      .where(and(eq(notifications.userId, userId), lte(notifications.id, BigInt(upToId)), isNull(notifications.readAt)));
    return list(userId);
  }

  /** Pushes one notification to its customer's devices, if this server is the first to claim it. */
  async function deliver(id: bigint): Promise<void> {
    const [claimed] = await db
      .update(notifications)
      .set({ pushState: 'sent' })
      .where(and(eq(notifications.id, id), eq(notifications.pushState, 'pending')))
      .returning();
    if (!claimed || settings.mode !== 'webpush') return;
    const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, claimed.userId));
    if (devices.length === 0) return;
    const [saved] = await db.select({ language: userSettings.language }).from(userSettings).where(eq(userSettings.userId, claimed.userId));
    const locale = saved && isLocale(saved.language) ? saved.language : DEFAULT_LOCALE;
    const payload: PushPayload = { ...pushText(claimed.kind, claimed.params, locale), tag: String(claimed.id) };
    for (const device of devices) {
      try {
        const request = webpush.generateRequestDetails(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          JSON.stringify(payload),
          { vapidDetails: settings.vapid, TTL: PUSH_TTL_SECONDS, contentEncoding: 'aes128gcm' },
        );
        const status = await send({
          endpoint: request.endpoint,
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body,
        });
        // The push service forgot this device (unsubscribed, expired): so do we.
        if (status === 404 || status === 410) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        else if (status >= 400) logger.warn('push.refused', { status, host: new URL(device.endpoint).host });
      } catch (error) {
        // The endpoint is a capability URL: only its host goes to the log.
        logger.warn('push.failed', { host: new URL(device.endpoint).host, ...describeError(error) });
      }
    }
  }

  /** Every notification not pushed yet, oldest first (a missed NOTIFY, a server that was down). */
  async function deliverPending(): Promise<void> {
    const pending = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.pushState, 'pending'))
      .orderBy(asc(notifications.id))
      .limit(500);
    for (const { id } of pending) await deliver(id);
  }

  /** Pushes each new notification as its transaction commits (NOTIFY); answers the stop function. */
  async function start(): Promise<() => Promise<void>> {
    if (!listen) return async () => {};
    return listen(NOTIFICATIONS_CHANNEL, (payload) => {
      if (!/^\d+$/.test(payload)) return;
      deliver(BigInt(payload)).catch((error: unknown) => logger.error('push.deliver_failed', describeError(error)));
    });
  }

  return { config, subscribe, list, markRead, deliver, deliverPending, start };
}

export type PushService = ReturnType<typeof createPushService>;

import { and, asc, count, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, isIPv4, type LookupFunction } from 'node:net';
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

/** Sends one encrypted push (the request web-push prepares) and answers the push service's status. */
export type PushSender = (request: {
  endpoint: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
}) => Promise<number>;

/** A DNS lookup of every address of a host (`dns.promises.lookup` with `all`); tests pass their own. */
export type ResolveHost = (host: string) => Promise<readonly { address: string; family: number }[]>;

const systemResolve: ResolveHost = (host) => lookup(host, { all: true, verbatim: true });

/**
 * The push services browsers subscribe with (Chrome, Edge, Firefox, Safari): production sends to these
 * hosts only. An entry starting with a dot also takes its subdomains (Windows hands out `wns2-….notify.windows.com`).
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '.notify.windows.com',
  'web.push.apple.com',
  '.push.apple.com',
] as const;

/**
 * Addresses no push service has: this host, private networks, link-local (cloud metadata), CGNAT
 * (100.64/10), benchmarking (198.18/15), documentation, multicast and reserved ranges, and IPv6 forms
 * that carry an IPv4 address (mapped, NAT64, 6to4, Teredo). IPv4-mapped IPv6 is checked as its IPv4.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const familyOf = (address: string) => (isIPv4(address) ? 'ipv4' : 'ipv6');

/** Whether a push may connect to this address: public ones, and this machine's in demo mode (the local push service). */
function pushAddressAllowed(address: string, demoMode: boolean): boolean {
  if (!isIP(address)) return false;
  if (demoMode && LOOPBACK.check(address, familyOf(address))) return true;
  return !NON_PUBLIC.check(address, familyOf(address));
}

/** The push went nowhere: the endpoint's host resolves to an address a push may not reach. */
export class PushAddressRefused extends Error {
  constructor(host: string) {
    super(`push endpoint host ${host} resolves to an address pushes may not reach`);
    this.name = 'PushAddressRefused';
  }
}

/**
 * Sends with node's http(s): the host is resolved once, every address it has is checked, and the
 * connection goes to the checked address (the request's own lookup answers it), so a DNS answer that
 * changes between check and connect (rebinding) gains nothing. Redirects are never followed: a 3xx is
 * the push service's answer, not a new destination.
 */
export function createPushSender({ demoMode, resolve = systemResolve }: { demoMode: boolean; resolve?: ResolveHost }): PushSender {
  return async (request) => {
    const url = new URL(request.endpoint);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
    const [pinned] = addresses;
    if (!pinned || !addresses.every(({ address }) => pushAddressAllowed(address, demoMode))) throw new PushAddressRefused(host);
    const pinnedLookup: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<number>((resolveStatus, reject) => {
      const outgoing = send(
        url,
        { method: request.method, headers: request.headers, lookup: pinnedLookup, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) },
        (answer) => {
          resolveStatus(answer.statusCode ?? 0);
          // Only the status matters: whatever the push service says beyond it is not read.
          answer.destroy();
        },
      );
      outgoing.on('error', reject);
      outgoing.end(request.body ?? undefined);
    });
  };
}

/** Whether `host` is one of the known push services. */
const knownPushService = (host: string) =>
  PUSH_SERVICE_HOSTS.some((entry) => (entry.startsWith('.') ? host.endsWith(entry) : host === entry));

/**
 * Whether the server may send to this endpoint (the endpoint is the caller's to choose). Production:
 * https on the standard port to a known push service, nothing else. Demo mode also takes http and any
 * host (the tests' stand-in push service is local). Either way the sender checks the addresses the host
 * resolves to when it connects (`createPushSender`).
 */
export function pushEndpointAllowed(endpoint: string, demoMode: boolean): boolean {
  const url = new URL(endpoint);
  if (demoMode) return url.protocol === 'https:' || url.protocol === 'http:';
  return url.protocol === 'https:' && !url.username && !url.password && url.port === '' && knownPushService(url.hostname);
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
export function createPushService({ db, clock, settings, demoMode, logger, listen, send = createPushSender({ demoMode }) }: PushDeps) {
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
        params: { amount: row.params.amount, currency: row.params.currency, event: row.params.event, asset: row.params.asset },
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
      // Stored before production kept to the known push services: never sent to, so forgotten.
      if (!pushEndpointAllowed(device.endpoint, demoMode)) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        continue;
      }
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
        // A redirect is not followed (it could point anywhere): like a refusal, it delivered nothing.
        else if (status >= 300) logger.warn('push.refused', { status, host: new URL(device.endpoint).host });
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

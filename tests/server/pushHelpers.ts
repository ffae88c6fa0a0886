import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { silentLogger } from '../../server/logger';
import { createPushService, type PushSender } from '../../server/services/push';
import type { TestDatabase } from './helpers';

/** A VAPID key pair for a test server's Web Push. */
export const vapid = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url'), subject: 'mailto:push@meridian.test' };
})();

/** RFC 8291 (aes128gcm, one record): what the browser does with a push it receives. */
function decryptPush(body: Buffer, device: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const keyIdLength = body[20]!;
  const serverKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), device.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', device.computeSecret(serverKey), authSecret, info, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

/** A device's subscription: a real P-256 key pair and auth secret, so the test can decrypt what it gets. */
export function device(endpoint = `https://push.example.test/send/${randomUUID()}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    body: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } },
    decrypt: (payload: Buffer) => JSON.parse(decryptPush(payload, ecdh, auth)) as unknown,
  };
}

/** What the push service received, and what it answers next. */
export function recordingSender() {
  const received: { endpoint: string; headers: Record<string, string>; body: Buffer }[] = [];
  let status = 201;
  const send: PushSender = async (request) => {
    received.push({ endpoint: request.endpoint, headers: request.headers, body: Buffer.from(request.body!) });
    return status;
  };
  return { received, send, answer: (next: number) => (status = next) };
}

/** The push service of a Web Push server on `db`, sending through `send`. */
export function pushServiceOn(db: TestDatabase, send: PushSender) {
  return createPushService({
    db: db.database.db,
    clock: () => new Date(),
    settings: { mode: 'webpush', vapid },
    demoMode: true,
    logger: silentLogger,
    send,
  });
}

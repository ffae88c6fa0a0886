import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const R = 8;
const P = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // NFKC: the same password typed on two keyboards may arrive in different Unicode forms.
  const normalized = password.normalize('NFKC');
  return new Promise((resolve, reject) =>
    scrypt(normalized, salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

function scryptOptions(logN: number, r: number, p: number): ScryptOptions {
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is exactly that at N=2^15, r=8.
  return { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r };
}

export interface PasswordCheck {
  ok: boolean;
  /** Stored with weaker parameters than today's: hash again while the password is at hand. */
  needsRehash: boolean;
}

/**
 * scrypt with a random salt per password. The stored form is `scrypt$logN$r$p$salt$key` (base64url),
 * so raising the cost later leaves old hashes verifiable and they are upgraded at the next sign-in.
 */
export function createPasswordHasher(logN: number) {
  const current = scryptOptions(logN, R, P);

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, current);
    return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async function verify(password: string, stored: string): Promise<PasswordCheck> {
    const [scheme, storedLogN, r, p, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !storedLogN || !r || !p || !salt || !key) return { ok: false, needsRehash: false };
    const expected = Buffer.from(key, 'base64url');
    const actual = await derive(password, Buffer.from(salt, 'base64url'), scryptOptions(Number(storedLogN), Number(r), Number(p)));
    const ok = actual.length === expected.length && timingSafeEqual(actual, expected);
    return { ok, needsRehash: ok && (Number(storedLogN) < logN || Number(r) !== R || Number(p) !== P) };
  }

  // An unknown e-mail still costs one scrypt run, so response time does not reveal which accounts exist.
  const decoy = hash('decoy password 0');
  async function verifyNothing(password: string): Promise<void> {
    await verify(password, await decoy);
  }

  return { hash, verify, verifyNothing };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

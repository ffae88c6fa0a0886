import { hash as argon2Hash, parseOptions, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import { scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { passwordStrength } from '../../contract/passwordStrength';
import { containsPersonalWord } from '../../contract/password';
import { ApiError } from '../errors';

/** argon2id's cost: memory in KiB, passes, lanes (the `m`, `t` and `p` of the stored PHC string). */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * OWASP's Password Storage Cheat Sheet, first argon2id line: 19 MiB, 2 passes, 1 lane (≈ 20–40 ms on
 * one core; `npm run bench:server` shows what it costs per sign-in).
 */
export const OWASP_ARGON2ID: PasswordCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// The package's `Algorithm.Argon2id`: a const enum, which this project's isolated modules cannot read.
const ARGON2ID = 2 as Algorithm.Argon2id;

// NFKC: the same password typed on two keyboards may arrive in different Unicode forms.
const normalize = (password: string) => password.normalize('NFKC');

/**
 * The hashes written before argon2id: `scrypt$logN$r$p$salt$key` (base64url). They still verify, and a
 * successful sign-in replaces them.
 */
function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, logN, r, p, salt, key] = stored.split('$');
  if (!logN || !r || !p || !salt || !key) return Promise.resolve(false);
  const N = 2 ** Number(logN);
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is exactly that at N=2^15, r=8.
  const options: ScryptOptions = { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) };
  const expected = Buffer.from(key, 'base64url');
  return new Promise((resolve, reject) =>
    scrypt(normalize(password), Buffer.from(salt, 'base64url'), expected.length, options, (error, actual) =>
      error ? reject(error) : resolve(actual.length === expected.length && timingSafeEqual(actual, expected)),
    ),
  );
}

export interface PasswordCheck {
  ok: boolean;
  /** Stored with another scheme or cost than today's: hash again while the password is at hand. */
  needsRehash: boolean;
}

/**
 * argon2id with a random 16-byte salt per password, stored as a PHC string
 * (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), so a cost raised later leaves old hashes verifiable and
 * they are upgraded at the next sign-in, as the scrypt ones are.
 */
export function createPasswordHasher(cost: PasswordCost) {
  const options = { ...cost, algorithm: ARGON2ID };

  function hash(password: string): Promise<string> {
    return argon2Hash(normalize(password), options);
  }

  async function verify(password: string, stored: string): Promise<PasswordCheck> {
    if (stored.startsWith('scrypt$')) {
      const ok = await verifyScrypt(password, stored);
      return { ok, needsRehash: ok };
    }
    if (!stored.startsWith('$argon2id$')) return { ok: false, needsRehash: false };
    const ok = await argon2Verify(stored, normalize(password));
    if (!ok) return { ok, needsRehash: false };
    const used = parseOptions(stored);
    const current = used.memoryCost === cost.memoryCost && used.timeCost === cost.timeCost && used.parallelism === cost.parallelism;
    return { ok, needsRehash: !current };
  }

  // An unknown e-mail still costs one argon2id run, so response time does not reveal which accounts exist.
  const decoy = hash('decoy password 0');
  async function verifyNothing(password: string): Promise<void> {
    await verify(password, await decoy);
  }

  return { hash, verify, verifyNothing };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

/**
 * The one strength rule for every new password (sign-up, reset, and the change-password endpoint):
 * the zxcvbn score the meter shows, with the same dictionaries, must reach PASSWORD_MIN_SCORE, and the
 * password contains neither the e-mail address's local part or words nor the name's words (the form's
 * `personal` requirement), so `ann.smith2026` is refused for ann.smith@…. The name is given only where
 * the customer is signed in: a reset must not tell a stranger what an account's name contains.
 */
export function assertStrongPassword(password: string, known: { email: string; name?: string | null }): void {
  if (containsPersonalWord(password, known)) {
    throw new ApiError('password_too_weak', undefined, { fields: { password: 'Contains your e-mail address or name' } });
  }
  if (!passwordStrength(password, known.email).strongEnough) {
    throw new ApiError('password_too_weak', undefined, { fields: { password: 'Too easy to guess' } });
  }
}

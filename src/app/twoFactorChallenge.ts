import type { TwoFactorChallenge } from '../../contract/phone';
import type { PendingChallenge } from '../../machines/twoFactorPhone/twoFactorPhone.machine';
import { STORAGE_KEYS, safeStorage } from '../platform/storage';

/** What session storage keeps between /login and /2fa/phone: the server's challenge and where to go after. */
interface StoredChallenge {
  challengeToken: string;
  phoneHint: string;
  expiresAt: string;
  /** When another code may be sent (epoch ms): the server's `resendAfterSeconds` from when it answered, so a reload keeps the wait. */
  resendAt: number;
  destination: string;
}

const CHALLENGE_MAX_MS = 10 * 60_000;
const RESEND_MAX_SECONDS = 60;

/** Whole seconds from now until `at`, kept within [0, max] so a skewed device clock cannot stall the screen. */
function secondsUntil(at: number, now: number, max: number = RESEND_MAX_SECONDS): number {
  return Math.min(max, Math.max(0, Math.ceil((at - now) / 1000)));
}

export function keepChallenge(challenge: TwoFactorChallenge, destination: string, now: number = Date.now()): void {
  const stored: StoredChallenge = {
    challengeToken: challenge.challengeToken,
    phoneHint: challenge.phoneHint,
    expiresAt: challenge.expiresAt,
    resendAt: now + challenge.resendAfterSeconds * 1000,
    destination,
  };
  safeStorage('session')?.setItem(STORAGE_KEYS.twoFactorChallenge, JSON.stringify(stored));
}

function readStored(): StoredChallenge | null {
  try {
    const value: unknown = JSON.parse(safeStorage('session')?.getItem(STORAGE_KEYS.twoFactorChallenge) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    const fields = ['challengeToken', 'phoneHint', 'expiresAt', 'destination'] as const;
    return fields.every((field) => typeof record[field] === 'string') && typeof record.resendAt === 'number'
      ? (value as StoredChallenge)
      : null;
  } catch {
    return null;
  }
}

/**
 * Google and Apple sign-in come back from the server's callback as a redirect to
 * `/2fa/phone#challengeToken=…&phoneHint=…&expiresAt=…&resendAfterSeconds=…` when the customer has a
 * confirmed phone. Keeps that challenge like /login does (destination: `home`) and tells whether the
 * fragment held one, so the caller can drop it from the address bar.
 */
export function adoptChallengeFromFragment(hash: string, home: string, now: number = Date.now()): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const [challengeToken, phoneHint, expiresAt, resendAfter] = ['challengeToken', 'phoneHint', 'expiresAt', 'resendAfterSeconds'].map(
    (name) => params.get(name),
  );
  if (!challengeToken || !phoneHint || !expiresAt || !resendAfter) return false;
  const resendAfterSeconds = Number(resendAfter);
  if (Number.isNaN(Date.parse(expiresAt)) || !Number.isInteger(resendAfterSeconds) || resendAfterSeconds < 0) return false;
  keepChallenge({ twoFactorRequired: true, challengeToken, phoneHint, expiresAt, resendAfterSeconds }, home, now);
  return true;
}

/** The challenge for /2fa/phone, with its times made relative to now; null when there is none. */
export function readPendingChallenge(now: number = Date.now()): PendingChallenge | null {
  const stored = readStored();
  if (!stored) return null;
  return {
    challengeToken: stored.challengeToken,
    phoneHint: stored.phoneHint,
    destination: stored.destination,
    expiresInMs: Math.min(CHALLENGE_MAX_MS, Math.max(0, Date.parse(stored.expiresAt) - now)),
    resendInSeconds: secondsUntil(stored.resendAt, now),
  };
}

/** A resend moved the cooldown: a reload must show the new one. */
export function rememberResend(resendAfterSeconds: number, now: number = Date.now()): void {
  const stored = readStored();
  if (stored) {
    safeStorage('session')?.setItem(
      STORAGE_KEYS.twoFactorChallenge,
      JSON.stringify({ ...stored, resendAt: now + resendAfterSeconds * 1000 }),
    );
  }
}

/** Where the challenge was going, then forgets it. */
export function takeChallengeDestination(): string | null {
  const destination = readStored()?.destination ?? null;
  safeStorage('session')?.removeItem(STORAGE_KEYS.twoFactorChallenge);
  return destination;
}

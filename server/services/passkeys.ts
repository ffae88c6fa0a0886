import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type {
  AuthenticationResponse,
  BiometricEnableConfirm,
  BiometricEnableConfirmBody,
  BiometricEnableRequest,
  BiometricDisableRequest,
  CodeChannel,
  Passkey,
  PasskeyRequestOptions,
  RegistrationResponse,
} from '../../contract';
import { passkeyCreationOptionsSchema, passkeyRequestOptionsSchema } from '../../contract/passkeys';
import { addSeconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { biometricCodeTokens, passkeyChallenges, passkeys, passkeyUserHandles } from '../db/schema';
import { ApiError } from '../errors';
import { providerName } from './aaguids';
import type { CodeService } from './codes';
import { CODE_TTL_SECONDS } from './codes';
import { biometricCodeMessage } from './messages';
import { noticeRecipient } from './recipient';
import { passkeyAddedNotice } from './notices';
import type { Outbox } from './outbox';
import { RATE_LIMITS, type RateLimiter } from './rate-limit';
import { recordSecurityEvent } from './security-log';
import type { ClientInfo, IssuedTokens, Principal, TokenService } from './tokens';
import type { StepUpService } from './step-up';
import type { UserService } from './users';

/** A sign-in challenge is good for this long; the browser's own timeout is the same. */
export const SIGN_IN_CHALLENGE_SECONDS = 5 * 60;
/** A code token (and the registration challenge inside it) lives as long as the code it goes with. */
export const CODE_TOKEN_SECONDS = CODE_TTL_SECONDS;
type BiometricPurpose = 'biometric_enable' | 'biometric_disable';

/** Where a passkey answer may come from: the configured origins only, never the request's Host. */
export interface RelyingParty {
  rpId: string;
  rpName: string;
  origins: string[];
}

export interface PasskeyDeps {
  db: Db;
  clock: Clock;
  codes: CodeService;
  outbox: Outbox;
  rateLimiter: RateLimiter;
  tokens: TokenService;
  users: UserService;
  stepUp: Pick<StepUpService, 'has' | 'consume' | 'spend'>;
  rp: RelyingParty;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Verifies a passkey answer (assertion) for a stored credential and challenge, user verification
 * required; answers the authenticator's new counter. Every failure is `passkey_verification_failed`.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  credential: typeof passkeys.$inferSelect,
  response: AuthenticationResponse,
  expectedChallenge: string,
): Promise<number> {
  try {
    const verification = await verifyAuthenticationResponse({
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
      credential: {
        id: credential.id,
        publicKey: Buffer.from(credential.publicKey, 'base64url'),
        counter: credential.counter,
        transports: credential.transports as AuthenticatorTransport[],
      },
    });
    if (verification.verified) return verification.authenticationInfo.newCounter;
  } catch {
    // The library throws for every malformed or mismatched answer; the client learns one stable code.
  }
  throw new ApiError('passkey_verification_failed');
}

/**
 * Records a verified use: the counter only moves forward (a clone would repeat a value), so two answers
 * racing with the same counter cannot both pass. False when this one lost.
 */
export async function advanceCounter(tx: Db, credentialId: string, newCounter: number, now: Date): Promise<boolean> {
  const [updated] = await tx
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, credentialId), newCounter > 0 ? sql`${passkeys.counter} < ${newCounter}` : sql`${passkeys.counter} = 0`))
    .returning({ id: passkeys.id });
  return updated !== undefined;
}

/** The challenge an answer's clientDataJSON carries, without trusting anything else in it yet. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    return typeof data === 'object' && data !== null && 'challenge' in data && typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Passkeys: registration behind the biometric enable/confirm endpoints, discoverable sign-in, and the
 * list the security page manages. Every ceremony is verified with @simplewebauthn/server against
 * the configured relying party, with user verification required.
 */
export function createPasskeyService(deps: PasskeyDeps) {
  const { db, clock, codes, outbox, rateLimiter, tokens, rp } = deps;

  async function userHandle(tx: Db, userId: string): Promise<string> {
    await tx
      .insert(passkeyUserHandles)
      .values({ userId, handle: randomBytes(32).toString('base64url') })
      .onConflictDoNothing({ target: passkeyUserHandles.userId });
    const [row] = await tx.select().from(passkeyUserHandles).where(eq(passkeyUserHandles.userId, userId));
    return row!.handle;
  }

  function toPasskey(row: typeof passkeys.$inferSelect): Passkey {
    return {
      id: row.id,
      name: row.name,
      provider: providerName(row.aaguid),
      backedUp: row.backedUp,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    };
  }

  async function list(userId: string): Promise<Passkey[]> {
    const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt), asc(passkeys.id));
    return rows.map(toPasskey);
  }

  async function enabled(tx: Db, userId: string): Promise<boolean> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(passkeys)
      .where(eq(passkeys.userId, userId));
    return (row?.count ?? 0) > 0;
  }

  async function status(userId: string) {
    return { biometric: { enabled: await enabled(db, userId) } };
  }

  /**
   * Adding a passkey is a step-up action: a live `passkey.add` grant of this session (a passkey or a
   * code given for it moments ago) lets the ceremony go ahead; without one, the code this request sends
   * for the purpose is the step-up. How recently the session was opened does not count.
   */
  async function codeRequired(principal: Principal): Promise<boolean> {
    return !(await deps.stepUp.has(db, principal, 'passkey.add'));
  }

  /** Replaces any pending token of this purpose with a new one; answers the token in clear, once. */
  async function issueToken(
    tx: Db,
    principal: Principal,
    purpose: BiometricPurpose,
    fields: { challenge: string | null; codeRequired: boolean },
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = clock();
    await tx
      .delete(biometricCodeTokens)
      .where(and(eq(biometricCodeTokens.userId, principal.userId), eq(biometricCodeTokens.purpose, purpose)));
    await tx.insert(biometricCodeTokens).values({
      tokenHash: sha256(token),
      userId: principal.userId,
      sessionId: principal.sessionId,
      purpose,
      ...fields,
      createdAt: now,
      expiresAt: addSeconds(now, CODE_TOKEN_SECONDS),
    });
    return token;
  }

  /** The pending token row, locked for this transaction; anything else is `code_token_invalid`. */
  async function pendingToken(tx: Db, principal: Principal, purpose: BiometricPurpose, token: string) {
    const [row] = await tx
      .select()
      .from(biometricCodeTokens)
      .where(eq(biometricCodeTokens.tokenHash, sha256(token)))
      .for('update');
    const valid =
      row && row.userId === principal.userId && row.sessionId === principal.sessionId && row.purpose === purpose && row.expiresAt > clock();
    if (!valid) throw new ApiError('code_token_invalid');
    return row;
  }

  /**
   * Where the code goes (SMS to a confirmed phone, else e-mail), after the sending limits. Runs before
   * the transaction: the limiter and the user lookup use their own connection.
   */
  async function codeDestination(userId: string, ip: string): Promise<{ to: string; channel: CodeChannel }> {
    const user = await deps.users.get(userId);
    await rateLimiter.enforce([
      [RATE_LIMITS.codeSendPerAccount, user.email],
      [RATE_LIMITS.codeSendPerIp, ip],
    ]);
    return user.phoneConfirmedAt && user.phone ? { to: user.phone, channel: 'sms' } : { to: user.email, channel: 'email' };
  }

  async function sendCode(
    tx: Db,
    userId: string,
    purpose: BiometricPurpose,
    destination: { to: string; channel: CodeChannel },
  ): Promise<void> {
    const code = await codes.issue(tx, userId, purpose);
    const { language } = await noticeRecipient(tx, userId);
    await outbox.enqueue(tx, biometricCodeMessage(destination.to, destination.channel, purpose, code, language));
  }

  async function requestEnable(principal: Principal, ip: string): Promise<BiometricEnableRequest> {
    const user = await deps.users.getVerified(principal.userId);
    const required = await codeRequired(principal);
    const destination = required ? await codeDestination(user.id, ip) : null;
    const answer = await db.transaction(async (tx) => {
      const existing = await tx.select().from(passkeys).where(eq(passkeys.userId, user.id));
      const options = await generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpId,
        userName: user.email,
        userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
        userID: Buffer.from(await userHandle(tx, user.id), 'base64url'),
        attestationType: 'none',
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
        excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports })),
        timeout: CODE_TOKEN_SECONDS * 1000,
      });
      if (destination) await sendCode(tx, user.id, 'biometric_enable', destination);
      const codeToken = await issueToken(tx, principal, 'biometric_enable', { challenge: options.challenge, codeRequired: required });
      // Through the contract's schema: the library's interfaces and the wire type meet here, checked.
      return {
        code_token: codeToken,
        options: passkeyCreationOptionsSchema.parse(options),
        code_required: required,
        ...(destination ? { code_channel: destination.channel } : {}),
      };
    });
    await outbox.deliverPending();
    return answer;
  }

  /**
   * Spends one try of the code within the caller's transaction. A wrong code must still be counted,
   * so the failure is returned (the caller commits, then throws) rather than thrown here.
   */
  async function checkCode(tx: Db, userId: string, purpose: BiometricPurpose, code: string) {
    const result = await codes.check(tx, userId, purpose, code);
    return result === 'ok' ? null : new ApiError(result);
  }

  async function verifyRegistration(response: RegistrationResponse, challenge: string) {
    try {
      const verification = await verifyRegistrationResponse({
        response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpId,
        requireUserVerification: true,
      });
      if (verification.verified) return verification.registrationInfo;
    } catch {
      // The library throws for every malformed or mismatched answer; the client learns one stable code.
    }
    throw new ApiError('passkey_verification_failed');
  }

  async function confirmEnable(
    principal: Principal,
    body: BiometricEnableConfirmBody,
    client: ClientInfo,
  ): Promise<BiometricEnableConfirm> {
    const user = await deps.users.getVerified(principal.userId);
    const { language } = await deps.users.me(user.id);
    const outcome = await db
      .transaction(async (tx) => {
        const token = await pendingToken(tx, principal, 'biometric_enable', body.code_token);
        let codeVerified = token.codeVerifiedAt !== null;
        if (body.code && !codeVerified) {
          const failure = await checkCode(tx, principal.userId, 'biometric_enable', body.code);
          if (failure) return { failure };
          codeVerified = true;
          await tx.update(biometricCodeTokens).set({ codeVerifiedAt: clock() }).where(eq(biometricCodeTokens.tokenHash, token.tokenHash));
        }
        if (!body.response) {
          if (!body.code)
            throw new ApiError('validation_failed', 'Send the code, the passkey response, or both.', {
              fields: { body: 'Expected code or response' },
            });
          return { answer: { biometric: { enabled: await enabled(tx, principal.userId) }, passkey: null } };
        }
        if (token.codeRequired && !codeVerified) throw new ApiError('code_required');
        // Spent before verifying: a challenge serves one answer, right or wrong.
        await tx.delete(biometricCodeTokens).where(eq(biometricCodeTokens.tokenHash, token.tokenHash));
        const info = await verifyRegistration(body.response, token.challenge!);
        const now = clock();
        const [created] = await tx
          .insert(passkeys)
          .values({
            id: info.credential.id,
            userId: principal.userId,
            publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
            counter: info.credential.counter,
            transports: info.credential.transports ?? [],
            deviceType: info.credentialDeviceType,
            backedUp: info.credentialBackedUp,
            aaguid: info.aaguid,
            name: body.name ?? providerName(info.aaguid),
            createdAt: now,
          })
          .onConflictDoNothing({ target: passkeys.id })
          .returning();
        if (!created) throw new ApiError('passkey_already_registered');
        await recordSecurityEvent(tx, now, principal.userId, { kind: 'passkey_added', client, detail: created.name });
        await outbox.enqueue(tx, passkeyAddedNotice(user.email, language, created.name));
        await deps.stepUp.spend(tx, principal, 'passkey.add');
        return { answer: { biometric: { enabled: true }, passkey: toPasskey(created) } };
      })
      .catch((error: unknown) => {
        // A refused verification must still spend the token: commit that, then report.
        if (error instanceof ApiError && error.code === 'passkey_verification_failed') return spendAndFail(body.code_token, error);
        throw error;
      });
    if ('failure' in outcome) throw outcome.failure;
    if (outcome.answer.passkey) await outbox.deliverPending();
    return outcome.answer;
  }

  async function spendAndFail(token: string, error: ApiError): Promise<never> {
    await db.delete(biometricCodeTokens).where(eq(biometricCodeTokens.tokenHash, sha256(token)));
    throw error;
  }

  async function requestDisableAll(principal: Principal, ip: string): Promise<BiometricDisableRequest> {
    const destination = await codeDestination(principal.userId, ip);
    const answer = await db.transaction(async (tx) => {
      await sendCode(tx, principal.userId, 'biometric_disable', destination);
      const codeToken = await issueToken(tx, principal, 'biometric_disable', { challenge: null, codeRequired: true });
      return { code_token: codeToken, code_channel: destination.channel };
    });
    await outbox.deliverPending();
    return answer;
  }

  async function confirmDisableAll(principal: Principal, token: string, code: string, client: ClientInfo) {
    const failure = await db.transaction(async (tx) => {
      const row = await pendingToken(tx, principal, 'biometric_disable', token);
      const wrong = await checkCode(tx, principal.userId, 'biometric_disable', code);
      if (wrong) return wrong;
      await tx.delete(biometricCodeTokens).where(eq(biometricCodeTokens.tokenHash, row.tokenHash));
      const removed = await tx.delete(passkeys).where(eq(passkeys.userId, principal.userId)).returning({ name: passkeys.name });
      for (const passkey of removed) {
        await recordSecurityEvent(tx, clock(), principal.userId, { kind: 'passkey_removed', client, detail: passkey.name });
      }
      return null;
    });
    if (failure) throw failure;
    return { biometric: { enabled: false } };
  }

  async function rename(userId: string, id: string, name: string): Promise<Passkey> {
    const [row] = await db
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    if (!row) throw new ApiError('passkey_not_found');
    return toPasskey(row);
  }

  /** Removing one passkey spends a `passkey.remove` grant; an unknown id rolls it back unspent. */
  async function remove(principal: Principal, id: string, client: ClientInfo) {
    await db.transaction(async (tx) => {
      await deps.stepUp.consume(tx, principal, 'passkey.remove');
      const [row] = await tx
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, principal.userId)))
        .returning({ name: passkeys.name });
      if (!row) throw new ApiError('passkey_not_found');
      await recordSecurityEvent(tx, clock(), principal.userId, { kind: 'passkey_removed', client, detail: row.name });
    });
    return status(principal.userId);
  }

  async function signInOptions(ip: string): Promise<{ options: PasskeyRequestOptions }> {
    await rateLimiter.enforce([[RATE_LIMITS.passkeyPerIp, ip]]);
    const options = await generateAuthenticationOptions({
      rpID: rp.rpId,
      allowCredentials: [],
      userVerification: 'required',
      timeout: SIGN_IN_CHALLENGE_SECONDS * 1000,
    });
    const now = clock();
    // Expired challenges go as new ones come, so the table stays small without a sweeper.
    await db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now));
    await db
      .insert(passkeyChallenges)
      .values({ challenge: options.challenge, createdAt: now, expiresAt: addSeconds(now, SIGN_IN_CHALLENGE_SECONDS) });
    return { options: passkeyRequestOptionsSchema.parse(options) };
  }

  /**
   * Verifies a sign-in answer and opens a session. The challenge is spent first, whatever follows;
   * the counter must grow when the authenticator counts (a clone would repeat a value).
   */
  async function signIn(response: AuthenticationResponse, client: ClientInfo): Promise<{ userId: string; tokens: IssuedTokens }> {
    await rateLimiter.enforce([[RATE_LIMITS.passkeyPerIp, client.ip]]);
    const challenge = challengeOf(response.response.clientDataJSON);
    const [spent] = challenge ? await db.delete(passkeyChallenges).where(eq(passkeyChallenges.challenge, challenge)).returning() : [];
    if (!spent || spent.expiresAt <= clock()) throw new ApiError('passkey_challenge_invalid');
    const [credential] = await db.select().from(passkeys).where(eq(passkeys.id, response.id));
    if (!credential) throw new ApiError('passkey_unknown');
    const [handle] = await db.select().from(passkeyUserHandles).where(eq(passkeyUserHandles.userId, credential.userId));
    if (response.response.userHandle !== undefined && response.response.userHandle !== handle?.handle) {
      throw new ApiError('passkey_verification_failed');
    }
    const newCounter = await verifyAssertion(rp, credential, response, spent.challenge);
    const now = clock();
    const session = await db.transaction(async (tx) => {
      if (!(await advanceCounter(tx, credential.id, newCounter, now))) throw new ApiError('passkey_verification_failed');
      return tokens.startSession(tx, credential.userId, { method: 'passkey', client });
    });
    return { userId: credential.userId, tokens: session };
  }

  return { status, list, rename, remove, requestEnable, confirmEnable, requestDisableAll, confirmDisableAll, signInOptions, signIn };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;

import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { LoginBody, RegisterBody, ResetPasswordBody } from '../../contract/auth';
import { DEFAULT_LOCALE } from '../../contract/locales';
import { TERMS_VERSION } from '../../contract/terms';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { userSettings, users } from '../db/schema';
import { ApiError } from '../errors';
import type { CodePurpose, CodeService } from './codes';
import { removeFactorsAddedBeforeVerification } from './email-verification';
import { resetPasswordMessage, verifyEmailMessage } from './messages';
import { noticeRecipient } from './recipient';
import { passwordResetNotice, resetWithoutAccountNotice, signUpWithExistingEmailNotice } from './notices';
import type { Outbox } from './outbox';
import { assertStrongPassword, type PasswordHasher } from './passwords';
import { recordSecurityEvent } from './security-log';
import { refuseSanctionedResidence } from './sanctions';
import type { CountryCode } from '../../contract/countryCodes';
import { BACKOFFS, COOLDOWNS, RATE_LIMITS, type RateLimiter } from './rate-limit';
import type { ClientInfo, IssuedTokens, Principal, TokenService } from './tokens';
import type { SignInOutcome, TwoFactorService } from './two-factor';
import type { UserService } from './users';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  passwords: PasswordHasher;
  tokens: TokenService;
  codes: CodeService;
  outbox: Outbox;
  rateLimiter: RateLimiter;
  users: UserService;
  /** Decides, after the password, between a session and a phone two-factor challenge. */
  twoFactor: Pick<TwoFactorService, 'beginSignIn'>;
  sanctionedCountries: ReadonlySet<CountryCode>;
}

/**
 * Registration, sign-in and the e-mailed codes. Sign-in does not require a verified e-mail: the
 * registration steps after the first (promo code, verification) already run signed in, and
 * `/users/me` reports `emailVerified` so the app can route there. Endpoints that must not serve
 * unverified accounts (money, later) check it themselves.
 */
export function createAuthService(deps: AuthDeps) {
  const { db, clock, passwords, tokens, codes, outbox, rateLimiter } = deps;

  function limitCodeSending(email: string, ip: string) {
    return rateLimiter.enforce([
      [RATE_LIMITS.codeSendPerAccount, email],
      [RATE_LIMITS.codeSendPerIp, ip],
    ]);
  }

  /**
   * A new code for this address and purpose waits for the cooldown; keyed by the address whether or
   * not an account has it, so the answer reveals nothing. Returns the seconds until the next one.
   */
  async function claimResend(email: string, purpose: CodePurpose): Promise<number> {
    await rateLimiter.claimCooldown(COOLDOWNS.codeResend, `${purpose}:${email}`);
    return COOLDOWNS.codeResend.seconds;
  }

  async function register(
    input: RegisterBody,
    client: ClientInfo,
  ): Promise<{ userId: string; tokens: IssuedTokens; resendAfterSeconds: number }> {
    // Before the limits: a refused password or country must not use up the customer's code sends.
    assertStrongPassword(input.password, { email: input.email });
    refuseSanctionedResidence(deps.sanctionedCountries, 'country', input.country);
    await limitCodeSending(input.email, client.ip);
    // Hashing is the slow part; it runs before the transaction so no row lock waits on it.
    const passwordHash = await passwords.hash(input.password);
    const userId = randomUUID();
    const now = clock();
    const session = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          id: userId,
          email: input.email,
          passwordHash,
          country: input.country,
          refCode: input.refCode ?? null,
          termsAcceptedAt: now,
          termsVersion: TERMS_VERSION,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (!created) return undefined;
      await tx.insert(userSettings).values({ userId, language: input.language ?? DEFAULT_LOCALE, updatedAt: now });
      await sendCode(tx, userId, input.email, 'verify_email');
      return tokens.startSession(tx, userId, { method: 'password', client });
    });
    if (!session) {
      await tellOwnerOfSignUp(input.email);
      throw new ApiError('email_taken');
    }
    await outbox.deliverPending();
    return { userId, tokens: session, resendAfterSeconds: await claimResend(input.email, 'verify_email') };
  }

  /**
   * The sign-up form must say that an address is taken (the customer should sign in instead), which
   * tells a stranger who is a customer; the limits above slow that down, and the owner hears of it.
   */
  async function tellOwnerOfSignUp(email: string): Promise<void> {
    const owner = await deps.users.findByEmail(email);
    if (!owner) return;
    const { language } = await deps.users.me(owner.id);
    await outbox.enqueue(db, signUpWithExistingEmailNotice(owner.email, language));
    await outbox.deliverPending();
  }

  async function sendCode(tx: Db, userId: string, email: string, purpose: CodePurpose): Promise<void> {
    const code = await codes.issue(tx, userId, purpose);
    const { language } = await noticeRecipient(tx, userId);
    const message = purpose === 'verify_email' ? verifyEmailMessage(email, code, language) : resetPasswordMessage(email, code, language);
    await outbox.enqueue(tx, message);
  }

  async function login(input: LoginBody, client: ClientInfo): Promise<SignInOutcome> {
    const attempt = `${input.email} ${client.ip}`;
    await rateLimiter.enforce([[RATE_LIMITS.loginPerIp, client.ip]]);
    await rateLimiter.claimBackoff(BACKOFFS.login, attempt);
    const user = await deps.users.findByEmail(input.email);
    // No account, or one opened with Apple or Google that has no password: the same answer and the
    // same time spent, so the form cannot be used to learn which e-mails are customers.
    if (!user?.passwordHash) {
      await passwords.verifyNothing(input.password);
      throw new ApiError('invalid_credentials');
    }
    const check = await passwords.verify(input.password, user.passwordHash);
    if (!check.ok) {
      await recordSecurityEvent(db, clock(), user.id, { kind: 'sign_in_failed', method: 'password', client });
      throw new ApiError('invalid_credentials');
    }
    await Promise.all([rateLimiter.release(RATE_LIMITS.loginPerIp, client.ip), rateLimiter.clearBackoff(BACKOFFS.login, attempt)]);
    if (check.needsRehash) {
      await db
        .update(users)
        .set({ passwordHash: await passwords.hash(input.password) })
        .where(eq(users.id, user.id));
    }
    return deps.twoFactor.beginSignIn(user.id, 'password', client);
  }

  /**
   * The first proof of the mailbox: whatever was attached to the account before it (by whoever
   * opened it) is removed in the same transaction, and only this session stays signed in.
   */
  async function verifyEmail(principal: Principal, code: string, client: ClientInfo): Promise<void> {
    const user = await deps.users.get(principal.userId);
    if (user.emailVerifiedAt) throw new ApiError('email_already_verified');
    const result = await db.transaction(async (tx) => {
      const check = await codes.check(tx, user.id, 'verify_email', code);
      if (check !== 'ok') return check;
      const now = clock();
      // Conditional: of two right codes racing, one verifies and removes; the other changes nothing.
      const [first] = await tx
        .update(users)
        .set({ emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
        .returning({ id: users.id });
      if (first) await removeFactorsAddedBeforeVerification(tx, now, user.id, { sessionId: principal.sessionId, client });
      return check;
    });
    if (result !== 'ok') throw new ApiError(result);
  }

  /** Returns the seconds until another code may be asked for. */
  async function resendVerification(principal: Principal, ip: string): Promise<number> {
    const user = await deps.users.get(principal.userId);
    if (user.emailVerifiedAt) throw new ApiError('email_already_verified');
    const wait = await claimResend(user.email, 'verify_email');
    await limitCodeSending(user.email, ip);
    await db.transaction((tx) => sendCode(tx, user.id, user.email, 'verify_email'));
    await outbox.deliverPending();
    return wait;
  }

  /**
   * Answers the same for unknown addresses (cooldown and limits included), so it cannot be used to
   * find out who has an account. Takes the same time too: an unknown address gets a notice instead
   * of a code, so both paths write and deliver one e-mail (delivery, not the database, is what takes
   * long). Returns the seconds until another code may be asked for.
   */
  async function forgotPassword(email: string, ip: string): Promise<number> {
    const wait = await claimResend(email, 'reset_password');
    await limitCodeSending(email, ip);
    const user = await deps.users.findByEmail(email);
    await db.transaction((tx) =>
      user ? sendCode(tx, user.id, user.email, 'reset_password') : outbox.enqueue(tx, resetWithoutAccountNotice(email, DEFAULT_LOCALE)),
    );
    await outbox.deliverPending();
    return wait;
  }

  /**
   * A right code proves control of the mailbox, so it also marks the e-mail verified. It is one
   * factor only: every session and refresh token of the customer ends, and nobody is signed in — the
   * customer then signs in with the new password the normal way (the SMS code when a phone is
   * confirmed), so a stolen mailbox alone never opens a session. No factor is removed. The code is
   * checked (and a wrong try committed) before the password is hashed: without a code nobody makes
   * the server do that work.
   */
  async function resetPassword(input: ResetPasswordBody, client: ClientInfo): Promise<void> {
    await rateLimiter.enforce([
      [RATE_LIMITS.resetPerAccount, input.email],
      [RATE_LIMITS.resetPerIp, client.ip],
    ]);
    // Before the code: a refused password must not use up a try of the code, which stays good for the next one.
    assertStrongPassword(input.password, { email: input.email });
    const user = await deps.users.findByEmail(input.email);
    if (!user) throw new ApiError('code_invalid');
    const check = await db.transaction((tx) => codes.check(tx, user.id, 'reset_password', input.code));
    if (check !== 'ok') throw new ApiError(check);
    // Hashing is slow: done between the two transactions, so no row is locked meanwhile.
    const passwordHash = await passwords.hash(input.password);
    const { language } = await deps.users.me(user.id);
    await db.transaction(async (tx) => {
      const now = clock();
      await tx
        .update(users)
        .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
        .where(eq(users.id, user.id));
      await tokens.revokeAll(tx, user.id, 'password_reset');
      // A reset of a verified account keeps its factors; one that verifies the address is its first proof.
      if (!user.emailVerifiedAt) await removeFactorsAddedBeforeVerification(tx, now, user.id, null);
      await recordSecurityEvent(tx, now, user.id, { kind: 'password_reset', client });
      await outbox.enqueue(tx, passwordResetNotice(user.email, language));
    });
    await outbox.deliverPending();
  }

  return { register, login, verifyEmail, resendVerification, forgotPassword, resetPassword };
}

export type AuthService = ReturnType<typeof createAuthService>;

import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../contract/locales';
import type { Me } from '../../contract/auth';
import type { PhoneChangeChannel, PhoneCodeSent } from '../../contract/phone';
import { formatPhone, isValidE164, maskPhone } from '../../contract/phoneNumbers';
import { addSeconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { oneTimeCodes, userSettings, users } from '../db/schema';
import { ApiError } from '../errors';
import { CODE_TTL_SECONDS, type CodePurpose, type CodeService } from './codes';
import { confirmPhoneChangeEmail, confirmPhoneSms } from './messages';
import { noticeRecipient } from './recipient';
import { phoneClaimedNotice } from './notices';
import { recordSecurityEvent } from './security-log';
import type { ClientInfo } from './tokens';
import type { Outbox } from './outbox';
import { COOLDOWNS, RATE_LIMITS, type RateLimiter } from './rate-limit';
import { SMS_RESEND_COOLDOWN_SECONDS, secondsUntil } from './two-factor';
import type { StepUpService } from './step-up';
import { phoneChangedEmail, phoneChangedSms } from './stepUpNotices';
import type { Principal } from './tokens';
import type { UserRow, UserService } from './users';

export interface PhoneDeps {
  db: Db;
  clock: Clock;
  codes: CodeService;
  outbox: Outbox;
  rateLimiter: RateLimiter;
  users: UserService;
  stepUp: Pick<StepUpService, 'require' | 'consume' | 'spend'>;
}

type PhonePurpose = Extract<CodePurpose, 'set_phone' | 'update_phone_email' | 'update_phone_sms'>;
const PHONE_PURPOSES: PhonePurpose[] = ['set_phone', 'update_phone_email', 'update_phone_sms'];

/** Postgres' unique_violation: another customer confirmed the same number in the same instant. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function codeSent(phone: string, channel: PhoneChangeChannel, now: Date): PhoneCodeSent {
  return {
    pendingPhone: phone,
    channel,
    expiresAt: addSeconds(now, CODE_TTL_SECONDS).toISOString(),
    resendAfterSeconds: SMS_RESEND_COOLDOWN_SECONDS,
  };
}

/**
 * Setting and changing the customer's phone. A new number waits in `pending_phone` until its code is
 * confirmed; only then does it replace the confirmed one (which keeps receiving sign-in codes until
 * that moment). A number confirmed by one customer cannot be confirmed by another.
 */
export function createPhoneService(deps: PhoneDeps) {
  const { db, clock, codes, outbox, rateLimiter } = deps;

  async function isTaken(tx: Db, userId: string, phone: string): Promise<boolean> {
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, phone), isNotNull(users.phoneConfirmedAt), ne(users.id, userId)));
    return other !== undefined;
  }

  /**
   * Asking again for the same number within a minute answers 429 with the wait; a different number
   * (a typo corrected) may be sent at once, within the hourly limits.
   */
  async function assertCooldownOver(user: UserRow, phone: string, purpose: PhonePurpose): Promise<void> {
    if (user.pendingPhone !== phone) return;
    const [previous] = await db
      .select({ createdAt: oneTimeCodes.createdAt })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, purpose)));
    if (!previous) return;
    const availableAt = addSeconds(previous.createdAt, SMS_RESEND_COOLDOWN_SECONDS);
    const now = clock();
    if (availableAt > now) throw new ApiError('rate_limited', undefined, { retryAfter: secondsUntil(availableAt, now) });
  }

  /** The other customer who confirmed this number, if one did: whom its notice goes to. */
  async function otherOwner(userId: string, phone: string): Promise<{ id: string; email: string; language: Locale } | undefined> {
    const [owner] = await db
      .select({ id: users.id, email: users.email, language: userSettings.language })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(and(eq(users.phone, phone), isNotNull(users.phoneConfirmedAt), ne(users.id, userId)));
    if (!owner) return undefined;
    return { id: owner.id, email: owner.email, language: isLocale(owner.language) ? owner.language : DEFAULT_LOCALE };
  }

  /**
   * Issues the number's code and sends it. An e-mailed code goes to the requester's own mailbox whoever
   * holds the number (its arrival must not tell them). An SMS code to another customer's number is
   * issued all the same (so the stored state, the resend cooldown and the code's tries behave alike)
   * but sent nowhere: only whoever holds the phone could tell the difference.
   */
  async function issueAndSend(
    tx: Db,
    user: UserRow,
    phone: string,
    purpose: PhonePurpose,
    takenBy: Awaited<ReturnType<typeof otherOwner>>,
    noticeOwner: boolean,
  ): Promise<void> {
    const code = await codes.issue(tx, user.id, purpose);
    if (takenBy && noticeOwner) await outbox.enqueue(tx, phoneClaimedNotice(takenBy.email, takenBy.language, maskPhone(phone)));
    const { language } = await noticeRecipient(tx, user.id);
    if (purpose === 'update_phone_email') await outbox.enqueue(tx, confirmPhoneChangeEmail(user.email, code, formatPhone(phone), language));
    else if (!takenBy) await outbox.enqueue(tx, confirmPhoneSms(phone, code, purpose, language));
  }

  /**
   * Whether the number is someone else's must not show: the limits come before looking, and a taken
   * number gets the same answer and the same stored state as a free one (see `issueAndSend`); its owner
   * hears of it by e-mail, at most once a day. The number's SMS budgets are counted whichever channel
   * the code uses: an e-mailed change is followed by an SMS to it.
   */
  async function sendCode(user: UserRow, phone: string, purpose: PhonePurpose, ip: string): Promise<PhoneCodeSent> {
    if (!isValidE164(phone)) throw new ApiError('phone_invalid');
    await assertCooldownOver(user, phone, purpose);
    await rateLimiter.enforce([
      [RATE_LIMITS.codeSendPerAccount, user.email],
      [RATE_LIMITS.codeSendPerIp, ip],
      [RATE_LIMITS.smsConfirmPerRequester, `${user.id} ${phone}`],
      [RATE_LIMITS.smsConfirmPerPhone, phone],
    ]);
    const takenBy = await otherOwner(user.id, phone);
    const noticeOwner = takenBy !== undefined && (await rateLimiter.tryClaimCooldown(COOLDOWNS.phoneClaimedNotice, takenBy.id));
    const now = clock();
    await db.transaction(async (tx) => {
      await tx.update(users).set({ pendingPhone: phone, updatedAt: now }).where(eq(users.id, user.id));
      // Codes sent for an earlier pending number (or by the other channel) must not confirm this one.
      await tx.delete(oneTimeCodes).where(and(eq(oneTimeCodes.userId, user.id), inArray(oneTimeCodes.purpose, PHONE_PURPOSES)));
      await issueAndSend(tx, user, phone, purpose, takenBy, noticeOwner);
    });
    await outbox.deliverPending();
    return codeSent(phone, purpose === 'update_phone_email' ? 'email' : 'sms', now);
  }

  /** Setting a first number needs a `phone.set` step-up (checked here, spent at the confirmation). */
  async function setPhone(principal: Principal, phone: string, ip: string): Promise<PhoneCodeSent> {
    // An unverified address is refused first: no step-up code goes out for what it could not do anyway.
    const user = await deps.users.getVerified(principal.userId);
    await deps.stepUp.require(db, principal, 'phone.set');
    if (user.phoneConfirmedAt) throw new ApiError('phone_already_set');
    return sendCode(user, phone, 'set_phone', ip);
  }

  /** Replacing the confirmed number needs a `phone.change` step-up: the session alone is not enough. */
  async function updatePhone(principal: Principal, phone: string, channel: PhoneChangeChannel, ip: string): Promise<PhoneCodeSent> {
    const user = await deps.users.getVerified(principal.userId);
    await deps.stepUp.require(db, principal, 'phone.change');
    if (!user.phoneConfirmedAt) throw new ApiError('phone_not_set');
    if (user.phone === phone) throw new ApiError('phone_unchanged');
    return sendCode(user, phone, channel === 'email' ? 'update_phone_email' : 'update_phone_sms', ip);
  }

  /**
   * A change asked for by e-mail: the right e-mailed code proves the request, not the number, so an SMS
   * code to the new number follows (answered like update-phone with `channel: sms`), and only
   * confirm-update-phone-sms makes it the two-factor phone. A number another customer holds gets the
   * same answer and no SMS (its owner was told when the change was asked for). The SMS needs no budget
   * of its own: each e-mailed code, counted against the number's budgets at update-phone, sends one.
   */
  async function confirmByEmail(principal: Principal, code: string): Promise<PhoneCodeSent> {
    const user = await deps.users.getVerified(principal.userId);
    const phone = user.pendingPhone;
    if (!phone) throw new ApiError('no_pending_phone');
    const takenBy = await otherOwner(user.id, phone);
    const now = clock();
    // Not thrown inside: a wrong code's spent try must be committed.
    const check = await db.transaction(async (tx) => {
      const result = await codes.check(tx, user.id, 'update_phone_email', code);
      if (result === 'ok') await issueAndSend(tx, user, phone, 'update_phone_sms', takenBy, false);
      return result;
    });
    if (check !== 'ok') throw new ApiError(check);
    await outbox.deliverPending();
    return codeSent(phone, 'sms', now);
  }

  /**
   * The right SMS code makes the pending number the confirmed one and spends what is left of the
   * step-up. The old number and the e-mail hear of a change, in the customer's language. A number
   * another customer confirmed (before or meanwhile) answers `code_invalid`, like a wrong code: its code
   * was never sent, so the right one can only be guessed, and saying `phone_taken` would tell whose
   * number it is.
   */
  async function confirm(principal: Principal, code: string, purpose: 'set_phone' | 'update_phone_sms', client: ClientInfo): Promise<Me> {
    const userId = principal.userId;
    const user = await deps.users.getVerified(userId);
    const phone = user.pendingPhone;
    if (!phone) throw new ApiError('no_pending_phone');
    const { language } = await deps.users.me(userId);
    // Not thrown inside: a wrong code's spent try must be committed.
    const result = await db
      .transaction(async (tx) => {
        const check = await codes.check(tx, userId, purpose, code);
        if (check !== 'ok') return check;
        if (await isTaken(tx, userId, phone)) return 'code_invalid' as const;
        const now = clock();
        await tx.update(users).set({ phone, phoneConfirmedAt: now, pendingPhone: null, updatedAt: now }).where(eq(users.id, userId));
        const changed = user.phoneConfirmedAt !== null;
        await recordSecurityEvent(tx, now, userId, { kind: changed ? 'phone_changed' : 'phone_set', client, detail: maskPhone(phone) });
        await deps.stepUp.spend(tx, principal, purpose === 'set_phone' ? 'phone.set' : 'phone.change');
        if (purpose !== 'set_phone' && user.phone) {
          await outbox.enqueue(tx, phoneChangedSms(user.phone, 'changed', language));
          // Masked: a mailbox is read in more places than the app, and the customer knows the number.
          await outbox.enqueue(tx, phoneChangedEmail(user.email, maskPhone(phone), language));
        }
        return 'ok' as const;
      })
      .catch((error: unknown) => {
        // Another customer confirmed the same number in the same instant: as above.
        if (isUniqueViolation(error)) return 'code_invalid' as const;
        throw error;
      });
    if (result !== 'ok') throw new ApiError(result);
    await outbox.deliverPending();
    return deps.users.me(userId);
  }

  /**
   * Removing the confirmed number spends a `phone.remove` step-up; sign-in then asks no SMS code. The
   * old number and the e-mail hear of it.
   */
  async function removePhone(principal: Principal, client: ClientInfo): Promise<Me> {
    const user = await deps.users.get(principal.userId);
    const { language } = await deps.users.me(user.id);
    await db.transaction(async (tx) => {
      await deps.stepUp.consume(tx, principal, 'phone.remove');
      if (!user.phoneConfirmedAt || !user.phone) throw new ApiError('phone_not_set');
      const now = clock();
      await tx.update(users).set({ phone: null, phoneConfirmedAt: null, pendingPhone: null, updatedAt: now }).where(eq(users.id, user.id));
      await tx.delete(oneTimeCodes).where(and(eq(oneTimeCodes.userId, user.id), inArray(oneTimeCodes.purpose, PHONE_PURPOSES)));
      await recordSecurityEvent(tx, now, user.id, { kind: 'phone_removed', client, detail: maskPhone(user.phone) });
      await outbox.enqueue(tx, phoneChangedSms(user.phone, 'removed', language));
      await outbox.enqueue(tx, phoneChangedEmail(user.email, null, language));
    });
    await outbox.deliverPending();
    return deps.users.me(user.id);
  }

  return {
    setPhone,
    updatePhone,
    removePhone,
    confirmSet: (principal: Principal, code: string, client: ClientInfo) => confirm(principal, code, 'set_phone', client),
    confirmUpdateByEmail: confirmByEmail,
    confirmUpdateBySms: (principal: Principal, code: string, client: ClientInfo) => confirm(principal, code, 'update_phone_sms', client),
  };
}

export type PhoneService = ReturnType<typeof createPhoneService>;

import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { randomInt } from 'node:crypto';
import { REFERRAL_REWARD, type Invite, type InviteDashboard } from '../../contract/invite';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { activities, referralRewards, users } from '../db/schema';
import { ApiError } from '../errors';
import { createAccountService } from './accounts';
import { formatDecimal } from '../../contract/decimal';
import { credit } from './ledger';
import { maskEmail } from './phone-recovery';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 8;
/** 32^8 codes: a clash on the unique index is rare; a few tries always find a free one. */
const CODE_TRIES = 5;

function newReferralCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CROCKFORD[randomInt(CROCKFORD.length)]).join('');
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The referrer of `inviteeId`: the customer whose own code the invitee joined with (`ref_code`, compared
 * upper-cased and trimmed, as links get retyped), never the invitee themself. Null when the code names no one.
 */
export async function referrerOf(tx: Db, inviteeId: string): Promise<string | null> {
  const referrer = alias(users, 'referrer');
  const [row] = await tx
    .select({ id: referrer.id })
    .from(users)
    .innerJoin(referrer, eq(referrer.referralCode, sql`upper(trim(${users.refCode}))`))
    .where(and(eq(users.id, inviteeId), ne(referrer.id, users.id)));
  return row?.id ?? null;
}

/**
 * Pays the referrer of `inviteeId` 10 USDT once the invitee is KYC-approved and their completed deposits
 * reach 100 USD — called inside the database transaction that completed a deposit or approved the KYC, so
 * it sees that change. Once per invitee: the reward row is claimed first (`ON CONFLICT DO NOTHING` on its
 * primary key waits for a concurrent claim and then finds it taken), then the ledger transaction and the
 * referrer's activity are written in the same transaction. Answers whether it paid.
 */
export async function maybeRewardReferrer(tx: Db, inviteeId: string, clock: Clock): Promise<boolean> {
  const [invitee] = await tx
    .select({
      approved: sql<boolean>`${users.kycStatus} = 'approved'`,
      deposited: sql<boolean>`(SELECT coalesce(sum(${activities.usdValue}), 0) FROM ${activities}
        WHERE ${activities.userId} = ${inviteeId} AND ${activities.type} = 'deposit' AND ${activities.status} = 'completed')
        >= ${REFERRAL_REWARD.depositThresholdUsd}::numeric`,
    })
    .from(users)
    .where(eq(users.id, inviteeId));
  if (!invitee?.approved || !invitee.deposited) return false;
  const referrerId = await referrerOf(tx, inviteeId);
  if (!referrerId) return false;
  const at = clock();
  const claimed = await tx
    .insert(referralRewards)
    .values({ inviteeId, referrerId, amount: REFERRAL_REWARD.amount, currency: REFERRAL_REWARD.asset, createdAt: at })
    .onConflictDoNothing()
    .returning({ inviteeId: referralRewards.inviteeId });
  if (claimed.length === 0) return false;
  const account = await createAccountService(tx, clock).openAccount(referrerId, REFERRAL_REWARD.asset);
  const transactionId = await credit(tx, {
    kind: 'reward',
    userId: referrerId,
    accountId: account.id,
    asset: REFERRAL_REWARD.asset,
    amount: REFERRAL_REWARD.amount,
    at,
    activity: { type: 'referral_reward', counterparty: 'Meridian' },
  });
  await tx.update(referralRewards).set({ transactionId }).where(eq(referralRewards.inviteeId, inviteeId));
  return true;
}

/** The invite programme: each customer's own code and who joined with it. */
export function createReferralService(db: Db) {
  async function invite(userId: string): Promise<Invite> {
    const reward = {
      amount: REFERRAL_REWARD.amount,
      asset: REFERRAL_REWARD.asset,
      depositThresholdUsd: REFERRAL_REWARD.depositThresholdUsd,
    };
    for (let attempt = 1; ; attempt++) {
      const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
      if (!row) throw new ApiError('unauthorized');
      if (row.code) return { code: row.code, reward };
      try {
        // Only while none is set: two first visits at once keep the one that was written first.
        await db
          .update(users)
          .set({ referralCode: newReferralCode() })
          .where(and(eq(users.id, userId), sql`${users.referralCode} IS NULL`));
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= CODE_TRIES) throw error;
      }
    }
  }

  async function dashboard(userId: string): Promise<InviteDashboard> {
    const { code } = await invite(userId);
    const rows = await db
      .select({
        email: users.email,
        joinedAt: users.createdAt,
        emailVerifiedAt: users.emailVerifiedAt,
        kycStatus: users.kycStatus,
        rewardedAt: referralRewards.createdAt,
        reward: sql<string | null>`${referralRewards.amount}::text`,
      })
      .from(users)
      .leftJoin(referralRewards, and(eq(referralRewards.inviteeId, users.id), eq(referralRewards.referrerId, userId)))
      .where(and(sql`upper(trim(${users.refCode})) = ${code}`, ne(users.id, userId)))
      .orderBy(desc(users.createdAt));
    const invitees = rows.map((row) => ({
      email: maskEmail(row.email),
      joinedAt: row.joinedAt.toISOString(),
      emailVerified: row.emailVerifiedAt !== null,
      kycApproved: row.kycStatus === 'approved',
      rewardedAt: row.rewardedAt?.toISOString() ?? null,
    }));
    const [earned] = await db
      .select({ total: sql<string>`coalesce(sum(${referralRewards.amount}), 0)::text` })
      .from(referralRewards)
      .where(eq(referralRewards.referrerId, userId));
    return {
      totals: {
        invited: invitees.length,
        signedUp: invitees.filter((row) => row.emailVerified).length,
        verified: invitees.filter((row) => row.kycApproved).length,
        rewarded: invitees.filter((row) => row.rewardedAt !== null).length,
        earned: formatDecimal(earned?.total ?? '0'),
        asset: REFERRAL_REWARD.asset,
      },
      invitees,
    };
  }

  return { invite, dashboard };
}

export type ReferralService = ReturnType<typeof createReferralService>;

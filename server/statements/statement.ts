import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { accountName, accountNameKind } from '../../contract/accountNames';
import type { ActivityType } from '../../contract/activities';
import { assetDecimals, type Asset } from '../../contract/assets';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../contract/locales';
import type { FileAnswer, StatementQuery } from '../../contract/statements';
import { STATEMENT_MEDIA_TYPES } from '../../contract/statements';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { accounts, activities, ledgerEntries, ledgerTransactions, userSettings, users } from '../db/schema';
import { ApiError } from '../errors';
import { formatDecimal } from '../../contract/decimal';
import type { LedgerKind } from '../services/ledger';
import { statementCsv } from './csv';
import { statementPdf } from './pdf';
import { STATEMENT_TEXTS } from './texts';
import { dayStart } from './zone';

/** One posting to the account: what the ledger wrote, named by the activity the customer saw of it. */
export interface StatementRow {
  at: Date;
  kind: LedgerKind;
  type: ActivityType | null;
  counterparty: string | null;
  reference: string | null;
  /** Signed decimal string: what the entry posted. */
  amount: string;
  /** The account's balance after this posting. */
  balance: string;
}

export interface Statement {
  locale: Locale;
  customer: string;
  account: { id: string; name: string; currency: Asset; iban: string | null };
  /** Calendar days in `timeZone`, both included. */
  from: string;
  to: string;
  /** The customer's IANA time zone: the period's days and every time in the file are its. */
  timeZone: string;
  /** When `from` begins and `to` ends in `timeZone` (the end excluded). */
  start: Date;
  end: Date;
  generatedAt: Date;
  /** The balance at the start of `from` and at the end of `to`: closing = opening + every row. */
  opening: string;
  closing: string;
  rows: StatementRow[];
}

const DAY_MS = 86_400_000;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * Statements are read from the ledger entries themselves (never the balance column the trigger keeps),
 * so what the customer holds in their hands is what the ledger says: the opening balance is the sum of
 * the account's entries before `from`, each row is one entry with the running balance summed in SQL,
 * and the closing balance is checked against the sum of the entries before the end of `to`.
 */
export function createStatementService(db: Db, clock: Clock) {
  async function entriesBefore(accountId: string, before: Date): Promise<string> {
    const [row] = await db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerEntries.accountId, accountId), lt(ledgerTransactions.createdAt, before)));
    return row!.sum;
  }

  async function build(userId: string, query: Pick<StatementQuery, 'accountId' | 'from' | 'to' | 'timeZone'>): Promise<Statement> {
    // Owner-scoped: someone else's account (or a system account) is as unknown as a made-up id.
    const [account] = await db
      .select({ id: accounts.id, kind: accounts.kind, currency: accounts.currency, iban: accounts.iban })
      .from(accounts)
      .where(and(eq(accounts.id, query.accountId), eq(accounts.userId, userId)));
    if (!account) throw new ApiError('not_found', 'No such account.');
    const [person] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, language: userSettings.language })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.id, userId));
    const timeZone = query.timeZone ?? 'UTC';
    const from = dayStart(query.from, timeZone);
    const end = dayStart(nextDay(query.to), timeZone);
    const opening = await entriesBefore(account.id, from);
    const entries = await db
      .select({
        at: ledgerTransactions.createdAt,
        transactionId: ledgerTransactions.id,
        kind: ledgerTransactions.kind,
        amount: sql<string>`${ledgerEntries.amount}::text`,
        balance: sql<string>`(${opening}::numeric + sum(${ledgerEntries.amount}) OVER (ORDER BY ${ledgerTransactions.createdAt}, ${ledgerEntries.id}))::text`,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerEntries.accountId, account.id), gte(ledgerTransactions.createdAt, from), lt(ledgerTransactions.createdAt, end)))
      .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerEntries.id));
    // An activity is written with its postings (same instant); the first one names the posting.
    const shown = new Map<string, { type: ActivityType; counterparty: string | null; reference: string | null }>();
    const named = await db
      .select({
        transactionId: activities.transactionId,
        type: activities.type,
        counterparty: activities.counterparty,
        reference: activities.reference,
      })
      .from(activities)
      .where(
        and(
          eq(activities.accountId, account.id),
          isNotNull(activities.transactionId),
          gte(activities.createdAt, from),
          lt(activities.createdAt, end),
        ),
      )
      .orderBy(asc(activities.createdAt), asc(activities.id));
    for (const activity of named) if (!shown.has(activity.transactionId!)) shown.set(activity.transactionId!, activity);

    const closing = await entriesBefore(account.id, end);
    const last = entries.at(-1)?.balance ?? opening;
    // Two sums of the same entries (compared as canonical decimal text): a difference would mean a
    // posting was written into the range while it was read, and a statement must never disagree.
    if (formatDecimal(last) !== formatDecimal(closing)) throw new Error('The statement rows do not add up to the closing balance.');

    const currency = account.currency as Asset;
    const decimals = Math.min(2, assetDecimals(currency));
    const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ') || person?.email || '';
    const locale = person && isLocale(person.language) ? person.language : DEFAULT_LOCALE;
    const accountKind = accountNameKind(currency, account.kind === 'card');
    return {
      locale,
      customer: name,
      account: {
        id: account.id,
        name: accountName(accountKind, currency, locale, STATEMENT_TEXTS[locale].accountNames),
        currency,
        iban: account.iban,
      },
      from: query.from,
      to: query.to,
      timeZone,
      start: from,
      end,
      generatedAt: clock(),
      opening: formatDecimal(opening, decimals),
      closing: formatDecimal(closing, decimals),
      rows: entries.map((entry) => {
        const activity = shown.get(entry.transactionId);
        return {
          at: entry.at,
          kind: entry.kind,
          type: activity?.type ?? null,
          counterparty: activity?.counterparty ?? null,
          reference: activity?.reference ?? null,
          amount: formatDecimal(entry.amount, decimals),
          balance: formatDecimal(entry.balance, decimals),
        };
      }),
    };
  }

  async function file(userId: string, query: StatementQuery): Promise<FileAnswer> {
    const statement = await build(userId, query);
    const content = query.format === 'csv' ? statementCsv(statement) : await statementPdf(statement);
    return {
      filename: `meridian-statement-${statement.account.currency}-${query.from}-${query.to}.${query.format}`,
      mediaType: STATEMENT_MEDIA_TYPES[query.format],
      content,
    };
  }

  return { build, file };
}

export type StatementService = ReturnType<typeof createStatementService>;

import { z } from 'zod';
import { requestDaySchema } from './common';

/**
 * Account statements: one account's ledger postings over a date range, with the opening and closing
 * balances, as a file to save (CSV for spreadsheets, PDF to read or print), written by the server in
 * the customer's saved language. Dates are calendar days in the customer's time zone (`timeZone`, UTC
 * when not given); `from` and `to` are both included.
 */
export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export const statementFormatSchema = z.enum(STATEMENT_FORMATS);
export type StatementFormat = z.infer<typeof statementFormatSchema>;

/** What each format is answered as (`Content-Type`). */
export const STATEMENT_MEDIA_TYPES: Record<StatementFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};

/** The longest range one statement covers, in days (both ends included): a year, leap day too. */
export const STATEMENT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both included; NaN for a date that does not exist. */
export function statementDays(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
}

/** An IANA time zone name the runtime knows (`Europe/Berlin`), as the browser's `Intl` names its own. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const statementQuerySchema = z
  .strictObject({
    accountId: z.uuid(),
    from: requestDaySchema,
    to: requestDaySchema,
    format: statementFormatSchema,
    /** Where the days begin and end, and the zone every time in the file is written in. */
    timeZone: z.string().max(64).refine(isTimeZone, 'Expected an IANA time zone name').optional(),
  })
  .refine((query) => statementDays(query.from, query.to) >= 1, { message: 'Must not be before `from`', path: ['to'] })
  .refine((query) => statementDays(query.from, query.to) <= STATEMENT_MAX_DAYS, {
    message: `At most ${STATEMENT_MAX_DAYS} days`,
    path: ['to'],
  });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/**
 * What the server hands to the HTTP layer for a file answer: sent as the body with `Content-Type:
 * mediaType` and `Content-Disposition: attachment; filename=…`, never as JSON.
 */
export const fileAnswerSchema = z.object({
  filename: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/),
  mediaType: z.string(),
  content: z.instanceof(Uint8Array),
});
export type FileAnswer = z.infer<typeof fileAnswerSchema>;

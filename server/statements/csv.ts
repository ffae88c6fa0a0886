import { isSignedDecimal } from '../../contract/decimal';
import type { Statement, StatementRow } from './statement';
import { STATEMENT_TEXTS, type StatementTexts } from './texts';
import { zonedIso } from './zone';

const BOM = '\uFEFF';

/**
 * Where a spreadsheet may start a cell inside our text: at its start, or after any character some
 * program splits on — Excel splits on its locale's list separator (`;` in German, French, Spanish,
 * Russian) and honours RFC 4180 quotes only at a field's start, so `Rent;=cmd|…` becomes a cell
 * `=cmd|…` there — followed by a formula starter (`=`, `+`, `-`, `@`, a tab or a carriage return),
 * possibly behind blanks or quotes.
 */
const FORMULA_STARTS = /(^|[,;\t\r\n])(?=[\s"']*[=+\-@]|[\t\r])/g;

/**
 * A cell as RFC 4180 writes it, made inert for spreadsheets (CSV injection): every place a formula could
 * start gets an apostrophe, and the cell is quoted. Amounts are written without `csvCell` (see
 * `amountCell`), so a debit stays `-12.50`.
 */
export function csvCell(value: string): string {
  const inert = value.replace(FORMULA_STARTS, "$1'");
  return /[",;\t\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** Amounts are machine-readable decimal strings the server made (`-12.50`): never formula text. */
const amountCell = (amount: string) => {
  if (!isSignedDecimal(amount)) throw new Error(`Not a decimal: ${amount}`);
  return amount;
};

export function describeRow(row: Pick<StatementRow, 'type' | 'kind'>, texts: StatementTexts): string {
  return row.type ? texts.types[row.type] : texts.kinds[row.kind];
}

/**
 * One table: a header row in the customer's language, the opening balance, one row per posting, the
 * closing balance. The first column is one kind of value throughout, an ISO 8601 date and time in the
 * customer's time zone with its offset (the zone named in the header): the opening balance at the
 * period's first second, the closing one at its last. Amounts are plain decimals, so a spreadsheet or
 * a program reads them whatever its locale; UTF-8 with a byte-order mark, which Excel needs to read it
 * as UTF-8; CRLF line ends (RFC 4180).
 */
export function statementCsv(statement: Statement): Uint8Array<ArrayBuffer> {
  const texts = STATEMENT_TEXTS[statement.locale];
  const { currency } = statement.account;
  const line = (cells: string[]) => cells.join(',');
  const at = (instant: Date) => zonedIso(instant, statement.timeZone);
  const lines = [
    line(
      [
        `${texts.dateTime} (${statement.timeZone})`,
        texts.description,
        texts.counterparty,
        texts.reference,
        texts.amount,
        texts.currency,
        texts.balance,
      ].map(csvCell),
    ),
    line([at(statement.start), csvCell(texts.opening), '', '', '', currency, amountCell(statement.opening)]),
    ...statement.rows.map((row) =>
      line([
        at(row.at),
        csvCell(describeRow(row, texts)),
        csvCell(row.counterparty ?? ''),
        csvCell(row.reference ?? ''),
        amountCell(row.amount),
        currency,
        amountCell(row.balance),
      ]),
    ),
    line([at(new Date(statement.end.getTime() - 1000)), csvCell(texts.closing), '', '', '', currency, amountCell(statement.closing)]),
  ];
  return new TextEncoder().encode(BOM + lines.join('\r\n') + '\r\n');
}

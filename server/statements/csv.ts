import type { Statement, StatementRow } from './statement';
import { STATEMENT_TEXTS, type StatementTexts } from './texts';

const BOM = '\uFEFF';

/**
 * A cell as RFC 4180 writes it, made inert for spreadsheets: text starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return would be read as a formula (CSV injection), so it gets a leading
 * apostrophe. Amounts are written without `csvCell` (see `amountCell`), so a debit stays `-12.50`.
 */
export function csvCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** Amounts are machine-readable decimal strings the server made (`-12.50`): never formula text. */
const amountCell = (amount: string) => {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) throw new Error(`Not a decimal: ${amount}`);
  return amount;
};

export function describeRow(row: Pick<StatementRow, 'type' | 'kind'>, texts: StatementTexts): string {
  return row.type ? texts.types[row.type] : texts.kinds[row.kind];
}

/**
 * One table: a header row in the customer's language, the opening balance, one row per posting, the
 * closing balance. Dates are ISO 8601 in UTC and amounts plain decimals, so a spreadsheet or a
 * program reads them whatever its locale; UTF-8 with a byte-order mark, which Excel needs to read it
 * as UTF-8; CRLF line ends (RFC 4180).
 */
export function statementCsv(statement: Statement): Uint8Array<ArrayBuffer> {
  const texts = STATEMENT_TEXTS[statement.locale];
  const { currency } = statement.account;
  const line = (cells: string[]) => cells.join(',');
  const lines = [
    line([texts.date, texts.description, texts.counterparty, texts.reference, texts.amount, texts.currency, texts.balance].map(csvCell)),
    line([statement.from, csvCell(texts.opening), '', '', '', currency, amountCell(statement.opening)]),
    ...statement.rows.map((row) =>
      line([
        row.at.toISOString(),
        csvCell(describeRow(row, texts)),
        csvCell(row.counterparty ?? ''),
        csvCell(row.reference ?? ''),
        amountCell(row.amount),
        currency,
        amountCell(row.balance),
      ]),
    ),
    line([statement.to, csvCell(texts.closing), '', '', '', currency, amountCell(statement.closing)]),
  ];
  return new TextEncoder().encode(BOM + lines.join('\r\n') + '\r\n');
}

import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../server/db/schema';
import { credit } from '../../server/services/ledger';
import { TEST_EPOCH, TestClient, registerCustomer, useTestServer } from '../server/helpers';

/**
 * Issue 21, item 9: a CSV statement opened by a spreadsheet runs no formula, whichever separator the
 * spreadsheet splits on. Excel in German, French, Spanish or Russian splits on `;` and reads RFC 4180
 * quotes only at a field's start, so a reference `Rent;=cmd|…` becomes a cell `=cmd|…` there. The
 * statement is read back with a real CSV parser, once with `,` and once with `;`.
 */
const { db, server } = useTestServer();
let client: TestClient;
let account: string;

/** Counterparties and references a payer controls, each hiding a formula after a separator. */
const HOSTILE = [
  "Rent;=cmd|' /C calc'!A0",
  'Shop; +HYPERLINK("https://evil.example")',
  'Gift;"=1+1"',
  'Invoice,-2+3',
  'Tab\t@SUM(A1)',
  'Line\r\n=IMPORTXML("https://evil.example")',
  '=plain start',
];
const day = (n: number) => new Date(TEST_EPOCH.getTime() + n * 86_400_000);
const iso = (date: Date) => date.toISOString().slice(0, 10);

beforeAll(async () => {
  client = new TestClient(server);
  await registerCustomer(client);
  const userId = (await client.get('/users/me')).body.id as string;
  account = randomUUID();
  await db.database.db
    .insert(accounts)
    .values({ id: account, userId, kind: 'fiat', currency: 'EUR', name: 'Euros', createdAt: TEST_EPOCH });
  for (const [i, text] of HOSTILE.entries()) {
    await credit(db.database.db, {
      userId,
      accountId: account,
      asset: 'EUR',
      kind: 'deposit',
      amount: `${10 + i}.10`,
      at: day(1 + i),
      activity: { type: 'deposit', counterparty: text, reference: text },
    });
  }
});

async function statement(): Promise<string> {
  const query = new URLSearchParams({ accountId: account, from: iso(day(0)), to: iso(day(10)), format: 'csv' });
  const response = await server.app.request(`http://localhost/api/activities/statement?${query}`, {
    headers: { authorization: `Bearer ${client.token}`, 'x-forwarded-for': client.ip },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** A cell a spreadsheet would run: a formula starter, behind blanks or quotes it may drop. Amounts are numbers. */
const runsAsFormula = (cell: string) => /^[\s"]*[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);

describe('the CSV statement (issue 21, item 9)', () => {
  it('keeps every cell inert when split on commas, and the text readable', async () => {
    const rows: string[][] = parse(await statement(), { bom: true });
    expect(rows.flat().filter(runsAsFormula)).toEqual([]);
    const counterparties = rows.slice(2, 2 + HOSTILE.length).map((row) => row[2]);
    expect(counterparties).toEqual([
      "Rent;'=cmd|' /C calc'!A0",
      'Shop;\' +HYPERLINK("https://evil.example")',
      'Gift;\'"=1+1"',
      "Invoice,'-2+3",
      "Tab\t'@SUM(A1)",
      // Some readers end a line at a lone CR, so it too gets the apostrophe.
      'Line\r\'\n\'=IMPORTXML("https://evil.example")',
      "'=plain start",
    ]);
    expect(rows.slice(2, 2 + HOSTILE.length).map((row) => row[3])).toEqual(counterparties);
  });

  it('keeps every cell inert when split on semicolons, as Excel does in de, fr, es and ru', async () => {
    const rows: string[][] = parse(await statement(), { bom: true, delimiter: ';', relax_quotes: true, relax_column_count: true });
    const cells = rows.flat();
    expect(cells.length).toBeGreaterThan(rows.length);
    expect(cells.filter(runsAsFormula)).toEqual([]);
  });

  it('keeps every line inert when a spreadsheet ignores the quotes', async () => {
    const cells = (await statement()).split(/\r\n|\r|\n/).flatMap((line) => line.split(/[,;\t]/));
    expect(cells.filter(runsAsFormula)).toEqual([]);
  });
});

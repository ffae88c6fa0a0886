import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { pdfText } from '../pdfText';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../contract/locales';
import { accounts, ledgerEntries, ledgerTransactions } from '../../server/db/schema';
import { credit, debit, post, systemAccountId } from '../../server/services/ledger';
import { STATEMENT_TEXTS } from '../../server/statements/texts';
import {
  TEST_EPOCH,
  TestClient,
  createTestDatabase,
  createTestServer,
  expectError,
  registerCustomer,
  type TestDatabase,
  type TestServer,
} from './helpers';
import { accountName } from '../../contract/accountNames';

/**
 * Statements (issue 11): GET /activities/statement as CSV and PDF, read back as a customer or a
 * spreadsheet would: the CSV parsed, the PDF's text extracted with pdfjs.
 */
let db: TestDatabase;
let server: TestServer;
let client: TestClient;
let userId: string;
let eur: string;
let btc: string;

const day = (n: number) => new Date(TEST_EPOCH.getTime() + n * 86_400_000);
const iso = (date: Date) => date.toISOString().slice(0, 10);
/** The range of the statements below: days 1 to 10 after the test epoch. */
const FROM = iso(day(1));
const TO = iso(day(10));
const HOSTILE = ['=HYPERLINK("https://evil.example","x")', '+cmd|calc', '-2+3', '@SUM(A1)', '\tTab', 'Comma, "quoted"'];

beforeAll(async () => {
  db = await createTestDatabase();
  server = createTestServer(db);
  client = new TestClient(server);
  await registerCustomer(client);
  expect((await client.post('/users/update-name', { firstName: 'Layla', lastName: 'Haddad' })).status).toBe(200);
  userId = (await client.get('/users/me')).body.id as string;
  eur = randomUUID();
  btc = randomUUID();
  await db.database.db.insert(accounts).values([
    { id: eur, userId, kind: 'fiat', currency: 'EUR', name: 'Euros', createdAt: TEST_EPOCH },
    { id: btc, userId, kind: 'crypto', currency: 'BTC', name: 'Bitcoin', createdAt: TEST_EPOCH },
  ]);
  const base = { userId, accountId: eur, asset: 'EUR' as const };
  // Before the range: what the opening balance must be (250.25).
  await credit(db.database.db, {
    ...base,
    kind: 'deposit',
    amount: '300.25',
    at: day(0),
    activity: { type: 'deposit', counterparty: 'Before' },
  });
  await debit(db.database.db, {
    ...base,
    kind: 'card',
    amount: '50',
    at: day(0.5),
    activity: { type: 'card_payment', counterparty: 'Earlier shop' },
  });
  // In the range, with counterparties and references a spreadsheet would run as formulas.
  for (const [i, text] of HOSTILE.entries()) {
    await credit(db.database.db, {
      ...base,
      kind: 'deposit',
      amount: `${10 + i}.10`,
      at: day(2 + i),
      activity: { type: 'deposit', counterparty: text, reference: text },
    });
  }
  await debit(db.database.db, {
    ...base,
    kind: 'card',
    amount: '33.33',
    at: day(9),
    activity: { type: 'card_payment', counterparty: '北京饭店 สยาม' },
  });
  // A posting with no activity the customer saw (a system correction): still on the statement.
  await credit(db.database.db, { ...base, kind: 'deposit', amount: '1.01', at: day(9.5) });
  // After the range: not on it.
  await credit(db.database.db, {
    ...base,
    kind: 'deposit',
    amount: '999',
    at: day(11),
    activity: { type: 'deposit', counterparty: 'After' },
  });
});

afterAll(() => db.close());

interface Download {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text: string;
}

async function download(query: Record<string, string>, who: TestClient = client): Promise<Download> {
  const response = await server.app.request(`http://localhost/api/activities/statement?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${who.token}`, 'x-forwarded-for': who.ip },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: new TextDecoder().decode(bytes) };
}

/** RFC 4180: quoted fields with doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return rows;
}

/** Decimal strings added exactly, in hundredths (EUR has 2 decimals), never as floats. */
const cents = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return amount.startsWith('-') ? -value : value;
};

async function ledgerBalanceBefore(accountId: string, before: Date): Promise<string> {
  const [row] = await db.database.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerEntries.accountId, accountId), lt(ledgerTransactions.createdAt, before)));
  return row!.sum;
}

async function setLanguage(language: Locale) {
  expect((await client.post('/user-settings', { language })).status).toBe(200);
}

describe('the CSV statement', () => {
  it('is a UTF-8 file with a BOM, saved (not shown) and never cached', async () => {
    await setLanguage('en');
    const answer = await download({ accountId: eur, from: FROM, to: TO, format: 'csv' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="meridian-statement-EUR-${FROM}-${TO}.csv"`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect([...answer.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('opens at the ledger balance before `from`, closes at the ledger balance after `to`, and the rows add up', async () => {
    const rows = parseCsv((await download({ accountId: eur, from: FROM, to: TO, format: 'csv' })).text);
    expect(rows[0]).toEqual(['Date and time (UTC)', 'Description', 'Counterparty', 'Reference', 'Amount', 'Currency', 'Balance']);
    const opening = rows[1]!;
    const closing = rows.at(-1)!;
    const movements = rows.slice(2, -1);
    expect(opening.slice(0, 2)).toEqual([`${FROM}T00:00:00+00:00`, 'Opening balance']);
    expect(closing.slice(0, 2)).toEqual([`${TO}T23:59:59+00:00`, 'Closing balance']);
    expect(opening[6]).toBe('250.25');
    expect(cents(opening[6]!)).toBe(cents(await ledgerBalanceBefore(eur, day(1))));
    expect(cents(closing[6]!)).toBe(cents(await ledgerBalanceBefore(eur, day(11))));
    // Six deposits, the card payment and the posting without an activity; nothing from before or after.
    expect(movements).toHaveLength(HOSTILE.length + 2);
    const sum = movements.reduce((total, row) => total + cents(row[4]!), 0n);
    expect(cents(opening[6]!) + sum).toBe(cents(closing[6]!));
    // Each row's balance is the one before plus its amount.
    let running = cents(opening[6]!);
    for (const row of movements) {
      running += cents(row[4]!);
      expect(cents(row[6]!)).toBe(running);
      expect(row[5]).toBe('EUR');
    }
    expect(movements.at(-2)!.slice(1, 5)).toEqual(['Card payment', '北京饭店 สยาม', '', '-33.33']);
    expect(movements.at(-1)!.slice(1, 5)).toEqual(['Deposit', '', '', '1.01']);
  });

  it('agrees with the ledger again after more money moves, and a past range stays as it was', async () => {
    const before = (await download({ accountId: eur, from: FROM, to: TO, format: 'csv' })).text;
    const now = day(12);
    await debit(db.database.db, {
      userId,
      accountId: eur,
      asset: 'EUR',
      kind: 'withdrawal',
      amount: '100.5',
      at: now,
      activity: { type: 'withdrawal' },
    });
    expect((await download({ accountId: eur, from: FROM, to: TO, format: 'csv' })).text).toBe(before);
    const rows = parseCsv((await download({ accountId: eur, from: FROM, to: iso(now), format: 'csv' })).text);
    const [account] = await db.database.db.select({ balance: accounts.balance }).from(accounts).where(eq(accounts.id, eur));
    expect(cents(rows.at(-1)![6]!)).toBe(cents(account!.balance));
    expect(rows.at(-2)!.slice(1, 5)).toEqual(['Withdrawal', '', '', '-100.50']);
  });

  // One kind of value in the first column (not dates beside timestamps), in the customer's zone: the
  // days begin and end there too, so a card payment at 21:00 UTC the evening before is Tokyo's morning.
  it("writes every time in the customer's time zone, named in the header, and cuts the days there", async () => {
    const rows = parseCsv((await download({ accountId: eur, from: FROM, to: TO, format: 'csv', timeZone: 'Asia/Tokyo' })).text);
    expect(rows[0]![0]).toBe('Date and time (Asia/Tokyo)');
    for (const row of rows.slice(1)) expect(row[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
    expect(rows[1]!.slice(0, 2)).toEqual([`${FROM}T00:00:00+09:00`, 'Opening balance']);
    expect(rows[1]![6]).toBe('300.25');
    expect(rows[2]!.slice(0, 3)).toEqual([`${FROM}T06:00:00+09:00`, 'Card payment', 'Earlier shop']);
    expect(rows[3]!.slice(0, 2)).toEqual([`${iso(day(2))}T18:00:00+09:00`, 'Deposit']);
    expect(rows.at(-1)!.slice(0, 2)).toEqual([`${TO}T23:59:59+09:00`, 'Closing balance']);
    expect(cents(rows.at(-1)![6]!)).toBe(cents(await ledgerBalanceBefore(eur, new Date(`${iso(day(11))}T00:00:00+09:00`))));
    // West of Greenwich, across the night the clocks went forward (8 March 2026 in New York).
    const west = parseCsv((await download({ accountId: eur, from: FROM, to: TO, format: 'csv', timeZone: 'America/New_York' })).text);
    expect(west[1]![0]).toBe(`${FROM}T00:00:00-05:00`);
    expect(west.at(-1)![0]).toBe(`${TO}T23:59:59-04:00`);
  });

  it('makes every cell a spreadsheet would run as a formula inert, and quotes as RFC 4180 says', async () => {
    const rows = parseCsv((await download({ accountId: eur, from: FROM, to: TO, format: 'csv' })).text).slice(2, 2 + HOSTILE.length);
    expect(rows.map((row) => row[2])).toEqual([
      `'=HYPERLINK("https://evil.example","x")`,
      "'+cmd|calc",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTab",
      'Comma, "quoted"',
    ]);
    expect(rows.map((row) => row[3])).toEqual(rows.map((row) => row[2]));
    const raw = (await download({ accountId: eur, from: FROM, to: TO, format: 'csv' })).text;
    expect(raw).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    // Amounts stay numbers: a debit is -33.33, not '-33.33.
    expect(raw).toContain(',-33.33,EUR,');
  });

  it('is written in the saved language', async () => {
    await setLanguage('de');
    const rows = parseCsv((await download({ accountId: eur, from: FROM, to: TO, format: 'csv' })).text);
    expect(rows[0]).toEqual(['Datum und Uhrzeit (UTC)', 'Beschreibung', 'Gegenpartei', 'Verwendungszweck', 'Betrag', 'Währung', 'Saldo']);
    expect(rows[1]![1]).toBe('Anfangssaldo');
    expect(rows[2]![1]).toBe('Einzahlung');
    await setLanguage('en');
  });
});

describe('the PDF statement', () => {
  const EXPECTED: Record<'en' | 'ar' | 'th' | 'zh', string[]> = {
    en: ['€250.25', '-€33.33', '€10.10'],
    ar: ['١٠٫١٠', '٢٥٠٫٢٥', '٣٣٫٣٣'],
    th: ['€250.25', '-€33.33'],
    zh: ['€250.25', '-€33.33'],
  };

  it.each(Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])(
    'in %s: headings, the name and the amounts are there as text, no glyph missing',
    async (locale) => {
      await setLanguage(locale);
      const answer = await download({ accountId: eur, from: FROM, to: TO, format: 'pdf' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="meridian-statement-EUR-${FROM}-${TO}.pdf"`);
      expect(answer.text.startsWith('%PDF-')).toBe(true);
      const text = await pdfText(answer.bytes);
      const texts = STATEMENT_TEXTS[locale];
      const squeezed = text.replace(/\s+/g, '');
      const has = (expected: string) => {
        // Arabic comes back in visual runs: every character is there; whole words where no lam-alef ligature joins them.
        if (locale === 'ar') for (const char of expected.replace(/\s/g, '')) expect(squeezed, expected).toContain(char);
        else expect(squeezed, expected).toContain(expected.replace(/\s+/g, ''));
      };
      for (const heading of [
        texts.title,
        texts.opening,
        texts.closing,
        texts.date,
        texts.description,
        texts.reference,
        texts.amount,
        texts.balance,
        texts.types.deposit,
        texts.types.card_payment,
      ])
        has(heading);
      has('Layla');
      has('Haddad');
      // The account is named in the customer's language by what it is, never by its stored English name.
      has(accountName('fiat', 'EUR', locale, texts.accountNames));
      expect(text).not.toContain('Euros');
      has('北京饭店');
      has('สยาม');
      for (const amount of EXPECTED[locale]) has(amount);
      if (locale === 'ar') {
        for (const word of ['كشف', 'حساب', 'الرصيد', 'المبلغ', 'إيداع']) expect(text).toContain(word);
        expect(text).not.toMatch(/[0-9]{2}٫/);
      }
      expect(text).not.toContain('\uFFFD');
      // What no font has would be drawn as `?`; nothing in these statements is a question.
      expect(text).not.toContain('?');
      await setLanguage('en');
    },
  );

  it('says where an emoji was, which no font draws, instead of printing "?"', async () => {
    await setLanguage('en');
    const account = randomUUID();
    await db.database.db
      .insert(accounts)
      .values({ id: account, userId, kind: 'crypto', currency: 'ETH', name: 'Ether', createdAt: TEST_EPOCH });
    const eth = { userId, accountId: account, asset: 'ETH' as const, kind: 'deposit' as const, amount: '5' };
    await credit(db.database.db, {
      ...eth,
      at: day(3),
      activity: { type: 'deposit', counterparty: 'Pizza 🍕 night 👩🏽‍💻', reference: '🇩🇪 rent ©' },
    });
    const text = await pdfText((await download({ accountId: account, from: FROM, to: TO, format: 'pdf' })).bytes);
    expect(text).toContain('Pizza [emoji] night [emoji]');
    expect(text).toContain('[emoji] rent ©');
    expect(text).not.toContain('?');
  });

  it('draws a thousand rows in one file', { timeout: 60_000 }, async () => {
    const account = randomUUID();
    await db.database.db
      .insert(accounts)
      .values({ id: account, userId, kind: 'fiat', currency: 'USD', name: 'Dollars', createdAt: TEST_EPOCH });
    // One posting of a thousand entries (one ledger transaction, so quick to write): a thousand rows.
    await post(db.database.db, {
      kind: 'deposit',
      userId,
      at: day(2),
      entries: [
        ...Array.from({ length: 1000 }, () => ({ accountId: account, amount: '1.25' })),
        { accountId: await systemAccountId(db.database.db, 'USD'), amount: '-1250' },
      ],
    });
    const started = performance.now();
    const answer = await download({ accountId: account, from: FROM, to: TO, format: 'pdf' });
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(200);
    const text = await pdfText(answer.bytes);
    // A thousand amounts, and the first row's balance.
    expect(text.match(/\$1\.25/g)).toHaveLength(1001);
    expect(text.replace(/\s+/g, '')).toContain('$1,250.00');
    expect(text).toMatch(/Page (\d\d) of \1/);
    console.log(`PDF statement of 1000 rows: ${Math.round(elapsed)} ms, ${answer.bytes.length} bytes`);
  });
});

describe('who may have which statement', () => {
  it("answers another customer's account, a system account and an unknown id alike: 404", { timeout: 60_000 }, async () => {
    const stranger = new TestClient(server);
    await registerCustomer(stranger);
    expectError(await answerJson(download({ accountId: eur, from: FROM, to: TO, format: 'csv' }, stranger)), 404, 'not_found');
    expectError(
      await answerJson(download({ accountId: await systemAccountId(db.database.db, 'EUR'), from: FROM, to: TO, format: 'csv' })),
      404,
      'not_found',
    );
    expectError(await answerJson(download({ accountId: randomUUID(), from: FROM, to: TO, format: 'pdf' })), 404, 'not_found');
  });

  it.each([
    ['a day that does not exist', { from: '2026-02-30' }, ['from']],
    ['to before from', { from: TO, to: FROM }, ['to']],
    ['more than 366 days', { from: '2025-01-01', to: '2026-01-02' }, ['to']],
    ['a time instead of a day', { to: `${TO}T00:00:00Z` }, ['to']],
    ['an unknown format', { format: 'xlsx' }, ['format']],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, ['timeZone']],
    ['a malformed account id', { accountId: 'not-a-uuid' }, ['accountId']],
    ['a NUL byte', { reference: 'a\u0000b' }, ['reference']],
    ['a NUL byte in a date', { from: '2026-03-03\u0000' }, ['from']],
    ['year 0000, before the calendar the ledger keeps', { from: '0000-01-01', to: '0000-01-31' }, ['from', 'to']],
    ['a range ending on 9999-12-31, whose next day has no four-digit year', { from: '9999-12-01', to: '9999-12-31' }, ['from', 'to']],
  ])('refuses %s with 422', async (_what, change, fields) => {
    const query = { accountId: eur, from: FROM, to: TO, format: 'csv', ...change };
    const answer = await answerJson(download(query));
    expectError(answer, 422, 'validation_failed');
    for (const field of fields) expect(Object.keys(answer.body.error.fields)).toContain(field);
  });

  it('answers 366 days (a leap year) and a single day', async () => {
    expect((await download({ accountId: btc, from: '2028-01-01', to: '2028-12-31', format: 'csv' })).status).toBe(200);
    const single = await download({ accountId: btc, from: FROM, to: FROM, format: 'csv' });
    expect(parseCsv(single.text).map((row) => row[6])).toEqual(['Balance', '0.00', '0.00']);
  });

  it('wants a signed-in customer', async () => {
    const response = await server.app.request(
      `http://localhost/api/activities/statement?accountId=${eur}&from=${FROM}&to=${TO}&format=csv`,
    );
    expect(response.status).toBe(401);
  });
});

async function answerJson(pending: Promise<Download>) {
  const answer = await pending;
  return { status: answer.status, headers: answer.headers, body: JSON.parse(answer.text) };
}

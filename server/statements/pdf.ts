import { create, type Font } from 'fontkit';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { formatAmount } from '../../contract/money';
import { LOCALE_TAGS, RTL_LOCALES, type Locale } from '../../contract/locales';
import { describeRow } from './csv';
import { lineRuns, type Run } from './runs';
import type { Statement } from './statement';
import { STATEMENT_TEXTS } from './texts';

/**
 * Noto fonts (SIL Open Font License, server/statements/fonts/README.md): Noto Sans subset to Latin,
 * Greek and Cyrillic; Noto Naskh Arabic (one glyph per letter form, so the text copies and searches as
 * written: Noto Sans Arabic draws dots as separate glyphs, and pdfkit maps each glyph to one text);
 * Noto Sans Thai; Noto Sans SC subset to GB 2312. In fallback order: a character is drawn with the
 * first font that has it.
 */
const FONT_DIR = new URL('./fonts/', import.meta.url);
const FONT_FILES = ['NotoSans-Regular.ttf', 'NotoNaskhArabic-Regular.ttf', 'NotoSansThai-Regular.ttf', 'NotoSansSC-Regular.otf'] as const;

interface StatementFont {
  /** The name pdfkit knows it by. */
  name: string;
  /** OpenType features for fontkit, per script (see `fonts`). */
  features: PDFKit.Mixins.TextOptions['features'];
  data: Buffer;
  face: Font;
  hasGlyphForCodePoint(codePoint: number): boolean;
}

let loaded: StatementFont[] | undefined;
/** Read once per process; pdfkit parses (and subsets) only the fonts a document uses. */
function fonts(): StatementFont[] {
  loaded ??= FONT_FILES.map((file) => {
    const data = readFileSync(new URL(file, FONT_DIR));
    const face = create(data) as Font;
    // Arabic is shaped a run at a time (a features object makes pdfkit lay out the run whole; without
    // one it lays out and caches word by word, which is faster and right for left-to-right scripts).
    // Thai: SARA AM drawn as its own glyph, not decomposed (ccmp), so the text copies out as typed.
    const features = (file.includes('Arabic')
      ? {}
      : file.includes('Thai')
        ? { ccmp: false }
        : undefined) as unknown as StatementFont['features'];
    return { name: file, data, face, features, hasGlyphForCodePoint: (codePoint: number) => face.hasGlyphForCodePoint(codePoint) };
  });
  return loaded;
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const SIZE = { title: 16, text: 10, table: 8.5, footer: 8 };
const ROW = 15;
/** Columns left to right in a left-to-right language (mirrored in Arabic); `end`: aligned to the end (amounts). */
const COLUMNS = [
  { key: 'date', width: 92, end: false },
  { key: 'description', width: 160, end: false },
  { key: 'reference', width: 98, end: false },
  { key: 'amount', width: 82, end: true },
  { key: 'balance', width: 83, end: true },
] as const;
type Column = (typeof COLUMNS)[number]['key'];

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  // Gregorian in every language (Thai and Saudi Arabic default to others).
  return new Intl.DateTimeFormat(`${LOCALE_TAGS[locale]}-u-ca-gregory`, { ...options, timeZone });
}

/**
 * An emoji with what makes it one picture (a variation selector, a skin tone, joined emoji), or a flag.
 * No font here draws them (colour emoji fonts are bitmaps or layers pdfkit cannot draw), so the text
 * says one was there instead of printing `?`.
 */
const EMOJI = /\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier}|\u200D\p{Extended_Pictographic}\uFE0F?)*|\p{Regional_Indicator}{2}/gu;

/**
 * The statement as a PDF: a header (customer, account, period, when it was made), the opening and
 * closing balances, and a table of postings with the running balance, repeated headings on every
 * page and "page n of m" at the foot. Every line goes through `lineRuns`, so each character is
 * drawn in a font that has it, Arabic is shaped and read right to left, and its columns mirror.
 */
export async function statementPdf(statement: Statement): Promise<Uint8Array<ArrayBuffer>> {
  const { locale } = statement;
  const texts = STATEMENT_TEXTS[locale];
  const rtl = RTL_LOCALES.has(locale);
  const direction = rtl ? 'rtl' : 'ltr';
  const all = fonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    lang: LOCALE_TAGS[locale],
    info: { Title: texts.title, Author: 'Meridian', CreationDate: statement.generatedAt },
  });
  for (const font of all) doc.registerFont(font.name, font.data);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  // Measuring is most of the work (fontkit lays out each run); the same texts recur on every row.
  const widths = new Map<string, number>();
  const runWidth = (run: Run<StatementFont>, size: number) => {
    const key = `${run.font.name}\u0000${size}\u0000${run.text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = doc.font(run.font.name).fontSize(size).widthOfString(run.text, { features: run.font.features });
      widths.set(key, width);
    }
    return width;
  };
  /** Each emoji no font has (©, ™ and the like are letters to Noto Sans) as the language's word for one. */
  const drawable = (text: string) =>
    text.replace(EMOJI, (emoji) => (all.some((font) => font.hasGlyphForCodePoint(emoji.codePointAt(0)!)) ? emoji : texts.emoji));
  const measured = (text: string, size: number) => {
    const runs = lineRuns(text, all, direction);
    return { runs, width: runs.reduce((sum, run) => sum + runWidth(run, size), 0) };
  };
  /** The runs of the text, cut (at the logical end, with an ellipsis) to fit `width`. */
  const fitted = (text: string, size: number, width: number) => {
    const whole = measured(text, size);
    if (whole.width <= width) return whole;
    const chars = [...text];
    let low = 0;
    let high = chars.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (measured(`${chars.slice(0, middle).join('')}…`, size).width <= width) low = middle;
      else high = middle - 1;
    }
    return measured(`${chars.slice(0, low).join('').trimEnd()}…`, size);
  };
  /** One line in the box [x, x + width]: at its start (`end` false) or its end, as the language reads. */
  const line = (text: string, x: number, y: number, width: number, size: number, end = false) => {
    const { runs, width: total } = fitted(drawable(text), size, width);
    let cursor = end !== rtl ? x + width - total : x;
    for (const run of runs) {
      // On one baseline: each font's ascent differs, so pdfkit's default (the top) would misalign scripts.
      doc
        .font(run.font.name)
        .fontSize(size)
        .text(run.text, cursor, y + size, { lineBreak: false, baseline: 'alphabetic', features: run.font.features });
      cursor += runWidth(run, size);
    }
  };
  const contentWidth = PAGE.width - 2 * PAGE.margin;
  /** A column's left edge on the page: Arabic reads the columns from the right. */
  const columnX = (key: Column) => {
    let offset = 0;
    for (const column of COLUMNS) {
      if (column.key === key) return rtl ? PAGE.margin + contentWidth - offset - column.width : PAGE.margin + offset;
      offset += column.width;
    }
    throw new Error(key);
  };
  const cell = (key: Column, text: string, y: number, size = SIZE.table) => {
    const column = COLUMNS.find((candidate) => candidate.key === key)!;
    line(text, columnX(key) + 3, y, column.width - 6, size, column.end);
  };
  const rule = (y: number) =>
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(0.5)
      .strokeColor('#9aa3ad')
      .stroke();

  const { currency } = statement.account;
  const money = (amount: string) => formatAmount(amount, currency, locale);
  // The period's calendar days as named (their midnight in UTC, so formatted in UTC); times in the customer's zone.
  const day = dateFormat(locale, { dateStyle: 'long' }, 'UTC');
  const moment = dateFormat(locale, { dateStyle: 'short', timeStyle: 'short' }, statement.timeZone);
  const at = (date: string) => new Date(`${date}T00:00:00Z`);

  let y = PAGE.margin;
  line(`Meridian · ${texts.title}`, PAGE.margin, y, contentWidth, SIZE.title);
  y += 28;
  const account = [statement.account.name, currency, statement.account.iban].filter(Boolean).join(' · ');
  for (const [label, value] of [
    [texts.customer, statement.customer],
    [texts.account, account],
    [texts.period, `${day.format(at(statement.from))} – ${day.format(at(statement.to))}`],
    [texts.generated, `${moment.format(statement.generatedAt)} ${statement.timeZone}`],
  ] as const) {
    line(`${label}: ${value}`, PAGE.margin, y, contentWidth, SIZE.text);
    y += 15;
  }
  y += 6;
  line(`${texts.opening}: ${money(statement.opening)}`, PAGE.margin, y, contentWidth, SIZE.text + 1);
  y += 16;
  line(`${texts.closing}: ${money(statement.closing)}`, PAGE.margin, y, contentWidth, SIZE.text + 1);
  y += 24;

  const headings = () => {
    cell('date', `${texts.date} (${statement.timeZone})`, y);
    cell('description', texts.description, y);
    cell('reference', texts.reference, y);
    cell('amount', texts.amount, y);
    cell('balance', texts.balance, y);
    y += ROW - 2;
    rule(y);
    y += 4;
  };
  headings();
  cell('date', day.format(at(statement.from)), y);
  cell('description', texts.opening, y);
  cell('balance', money(statement.opening), y);
  y += ROW;
  if (statement.rows.length === 0) {
    line(texts.noMovements, PAGE.margin, y, contentWidth, SIZE.table);
    y += ROW;
  }
  for (const row of statement.rows) {
    if (y > PAGE.height - PAGE.margin - 2 * ROW) {
      doc.addPage();
      y = PAGE.margin;
      headings();
    }
    cell('date', moment.format(row.at), y);
    cell('description', [describeRow(row, texts), row.counterparty].filter(Boolean).join(' · '), y);
    cell('reference', row.reference ?? '', y);
    cell('amount', money(row.amount), y);
    cell('balance', money(row.balance), y);
    y += ROW;
  }
  rule(y);
  y += 4;
  cell('date', day.format(at(statement.to)), y);
  cell('description', texts.closing, y);
  cell('balance', money(statement.closing), y);

  const { start, count } = doc.bufferedPageRange();
  const number = new Intl.NumberFormat(LOCALE_TAGS[locale]);
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    // The foot is below the bottom margin, where pdfkit would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const footer = texts.page(number.format(page - start + 1), number.format(count));
    line(footer, PAGE.margin, PAGE.height - PAGE.margin + 10, contentWidth, SIZE.footer, true);
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

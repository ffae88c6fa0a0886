import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCALES, fitsAssetDecimals } from '../../contract';
import { amountSchema } from '../../contract/cards';
import { decimalSchema, signedDecimalSchema } from '../../contract/common';
import {
  add,
  compare,
  fitsDecimals,
  formatDecimal,
  fromUnits,
  isEntryAmount,
  isPositive,
  isPositiveAmount,
  min,
  negate,
  roundToSum,
  subtract,
  toUnits,
} from '../../contract/decimal';
import { setRatesBodySchema } from '../../contract/rates';
import { positiveAmountSchema } from '../../contract/simulate';
import { quoteFigures } from '../../server/services/quote-math';
import { amountForInput, parseAmount } from '../../src/ui/money';

/**
 * The oracles: what each floor checked before contract/decimal.ts, copied as it was. The new module
 * must answer exactly as they did wherever they were right, on the wire above all.
 */
const OLD = {
  decimal: /^\d+(\.\d+)?$/,
  signedDecimal: /^-?\d+(\.\d+)?$/,
  amount: /^\d{1,20}(\.\d{1,18})?$/,
  ledgerEntry: /^-?\d{1,20}(\.\d{1,18})?$/,
  positive: /[1-9]/,
};
const oldAmountSchema = (format: string, positive: string) =>
  z
    .string()
    .max(39)
    .regex(OLD.amount, format)
    .refine((value) => OLD.positive.test(value), positive);
const OLD_SCHEMAS = [
  ['decimalSchema', decimalSchema, z.string().regex(OLD.decimal, 'Expected a non-negative decimal string')],
  ['signedDecimalSchema', signedDecimalSchema, z.string().regex(OLD.signedDecimal, 'Expected a decimal string')],
  ['cards amountSchema', amountSchema, oldAmountSchema('Expected a decimal amount', 'Expected an amount above zero')],
  ['simulate positiveAmountSchema', positiveAmountSchema, oldAmountSchema('Expected a decimal amount', 'Expected a positive amount')],
  [
    'admin rate price',
    setRatesBodySchema.shape.rates.element.shape.usd,
    oldAmountSchema('Expected a decimal price', 'Expected a positive price'),
  ],
] as const;

/** server/services/quote-math.ts's toUnits: null on a non-amount or too many decimals. */
function oldServerToUnits(text: string, decimals: number): bigint | null {
  const match = /^(\d{1,20})(?:\.(\d{1,18}))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.replace(/0+$/, '').length > decimals) return null;
  return BigInt(match[1]! + fraction.padEnd(decimals, '0'));
}

/** contract/wallet.ts's toUnits: threw on too many decimals (trailing zeros counted). */
function oldWalletToUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  if (fraction.length > decimals) throw new Error(`${amount} has more than ${decimals} decimals`);
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

/** server/services/decimal.ts's formatDecimal. */
function oldFormatDecimal(text: string, minDecimals = 2): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`Not a decimal: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const integer = whole!.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '').padEnd(minDecimals, '0');
  const zero = /^0*$/.test(integer + decimals);
  return `${zero ? '' : sign}${integer}${decimals ? `.${decimals}` : ''}`;
}

/** quoteFigures's old gate on the typed amount. */
function oldQuoteVerdict(amount: string, decimals: number): 'amount_invalid' | 'amount_too_precise' | 'accepted' {
  if (!OLD.decimal.test(amount) || !OLD.positive.test(amount) || !OLD.amount.test(amount)) return 'amount_invalid';
  return oldServerToUnits(amount, decimals) === null ? 'amount_too_precise' : 'accepted';
}

/** What a customer, a client bug or an attacker may send: each edge the issue names, and their neighbours. */
const EDGES = [
  '',
  '0',
  '0.0',
  '00',
  '-0',
  '-0.00',
  '.5',
  '1.',
  '.',
  '-',
  '1',
  '-1',
  '+1',
  '1e3',
  '1E-3',
  '0x10',
  ' 1',
  '1 ',
  '1\n',
  '\n1',
  '1\0',
  '\0',
  '1,5',
  '1.2.3',
  '١',
  '١٫٥',
  '５',
  '๕',
  '٥',
  'NaN',
  'Infinity',
  '007.50',
  '0000000000000000000001',
  '0.000000000000000001',
  '0.0000000000000000001',
  '1.000000000000000000',
  '1.0000000000000000000',
  '99999999999999999999',
  '100000000000000000000',
  '99999999999999999999.999999999999999999',
  '9007199254740993',
  '9007199254740993.000000000000000001',
  '1'.repeat(39),
  '1'.repeat(40),
  `1.${'0'.repeat(37)}`,
  `1.${'0'.repeat(38)}`,
];

const digits = (minLength: number, maxLength: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });
/** Decimal text as written anywhere: leading and trailing zeros, up to 45 integer and 25 fractional digits, either sign. */
const signedDecimal = fc
  .tuple(fc.boolean(), fc.oneof(digits(1, 3), digits(1, 45)), fc.option(fc.oneof(digits(1, 3), digits(1, 25))))
  .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction === null ? '' : `.${fraction}`}`);
const unsignedDecimal = signedDecimal.map((text) => text.replace(/^-/, ''));
/** Any text from the characters the edges are made of, so near misses come up as often as amounts. */
const nearDecimal = fc.string({ unit: fc.constantFrom(...'0123456789.-+ e\n\0', '١', '٫', '５'), maxLength: 45 });
const anyText = fc.oneof(fc.constantFrom(...EDGES), signedDecimal, nearDecimal, fc.string({ maxLength: 45 }));
const scale = fc.integer({ min: 0, max: 30 });
const units = fc.bigInt({ min: -(10n ** 60n), max: 10n ** 60n });
/** Canonical text: no leading zeros, no trailing zeros in the fraction, no `-0`. */
const CANONICAL = /^(0|-?[1-9]\d*)(\.\d*[1-9])?$|^-?0\.\d*[1-9]$/;

describe('contract/decimal: exact arithmetic on decimal strings', () => {
  it('toUnits and fromUnits are inverse, and fromUnits writes canonical text', () => {
    fc.assert(
      fc.property(units, scale, (count, decimals) => {
        const text = fromUnits(count, decimals);
        expect(text).toMatch(CANONICAL);
        expect(toUnits(text, decimals)).toBe(count);
      }),
    );
    fc.assert(
      fc.property(signedDecimal, scale, (text, decimals) => {
        fc.pre(fitsDecimals(text, decimals));
        const back = fromUnits(toUnits(text, decimals), decimals);
        expect(compare(back, text)).toBe(0);
        expect(back).toMatch(CANONICAL);
      }),
    );
    expect(fromUnits(1_500_000n, 6)).toBe('1.5');
    expect(fromUnits(-5n, 3)).toBe('-0.005');
    expect(fromUnits(0n, 18)).toBe('0');
    expect(toUnits('-0.005', 3)).toBe(-5n);
  });

  it('toUnits refuses, rather than rounds, what has more decimals than asked', () => {
    fc.assert(
      fc.property(signedDecimal, scale, (text, decimals) => {
        if (fitsDecimals(text, decimals)) expect(typeof toUnits(text, decimals)).toBe('bigint');
        else expect(() => toUnits(text, decimals)).toThrow(RangeError);
      }),
    );
    for (const text of ['', '.5', '1.', '1e3', ' 1', '١', '1\0', '+1']) expect(() => toUnits(text, 18)).toThrow(RangeError);
  });

  it('roundToSum rounds a list so its figures add up to its exact total rounded once, each within a cent', () => {
    const part = fc
      .tuple(fc.boolean(), digits(1, 12), fc.option(digits(1, 26)))
      .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${fraction === null ? whole : `${whole}.${fraction}`}`);
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        const { parts: rounded, total } = roundToSum(parts, 2);
        expect(rounded.reduce(add, '0')).toBe(fromUnits(toUnits(total, 2), 2));
        const exact = parts.reduce(add, '0');
        const cent = toUnits('0.01', 26);
        const off = toUnits(total, 26) - toUnits(exact, 26);
        expect(off >= -cent / 2n && off <= cent / 2n, `${exact} → ${total}`).toBe(true);
        rounded.forEach((figure, index) => {
          const gap = toUnits(figure, 26) - toUnits(parts[index]!, 26);
          expect(gap > -cent && gap < cent, `${parts[index]} → ${figure}`).toBe(true);
        });
      }),
    );
    // Three thirds of a cent each: rounded alone they would show 0.00 + 0.00 + 0.00 under a total of 0.01.
    expect(roundToSum(['0.0033', '0.0033', '0.0034'], 2)).toEqual({ parts: ['0.00', '0.00', '0.01'], total: '0.01' });
    expect(roundToSum(['10.005', '20.005'], 2)).toEqual({ parts: ['10.01', '20.00'], total: '30.01' });
    expect(roundToSum([], 2)).toEqual({ parts: [], total: '0.00' });
    // A card debt counts as it is: 2646.814 + 310 − 901.005 = 2055.809.
    expect(roundToSum(['2646.814', '310', '-901.005'], 2)).toEqual({ parts: ['2646.81', '310.00', '-901.00'], total: '2055.81' });
  });

  it('add and subtract are inverse, and a number minus itself is zero', () => {
    fc.assert(
      fc.property(signedDecimal, signedDecimal, (a, b) => {
        expect(compare(subtract(add(a, b), b), a)).toBe(0);
        expect(compare(add(subtract(a, b), b), a)).toBe(0);
        expect(add(a, b)).toBe(add(b, a));
        expect(subtract(a, a)).toBe('0');
        expect(add(a, negate(a))).toBe('0');
      }),
    );
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(subtract('100.00', '0.01')).toBe('99.99');
    expect(subtract('0.01', '100')).toBe('-99.99');
    expect(add('9007199254740993', '0.000000000000000001')).toBe('9007199254740993.000000000000000001');
  });

  it('compare is a total order, the one subtraction gives', () => {
    fc.assert(
      fc.property(signedDecimal, signedDecimal, signedDecimal, (a, b, c) => {
        expect(compare(a, a)).toBe(0);
        expect(compare(a, b)).toBe(-compare(b, a) || 0);
        expect(compare(a, b)).toBe(compare(subtract(a, b), '0'));
        if (compare(a, b) <= 0 && compare(b, c) <= 0) expect(compare(a, c)).toBeLessThanOrEqual(0);
      }),
    );
    expect(compare('1.50', '1.5')).toBe(0);
    expect(compare('-0', '0.000')).toBe(0);
    expect(compare('0.1', '0.09')).toBe(1);
    // Beyond what a float tells apart.
    expect(compare('9007199254740993', '9007199254740992')).toBe(1);
  });

  it('min gives the smaller as written, the first of two equal ones', () => {
    fc.assert(
      fc.property(signedDecimal, signedDecimal, (a, b) => {
        const smaller = min(a, b);
        expect([a, b]).toContain(smaller);
        expect(compare(smaller, a)).toBeLessThanOrEqual(0);
        expect(compare(smaller, b)).toBeLessThanOrEqual(0);
      }),
    );
    expect(min('500.00', '1500.00')).toBe('500.00');
    expect(min('1500', '500.5')).toBe('500.5');
    expect(min('0', '0.00')).toBe('0');
    expect(min('9007199254740993.000000000000000001', '9007199254740993')).toBe('9007199254740993');
  });

  it('negate flips the sign and keeps the digits as written', () => {
    expect(negate('12.50')).toBe('-12.50');
    expect(negate('-3')).toBe('3');
    expect(negate('0.00')).toBe('0.00');
    fc.assert(
      fc.property(signedDecimal, (a) => {
        expect(negate(negate(a))).toBe(compare(a, '0') === 0 ? a.replace(/^-/, '') : a);
      }),
    );
  });
});

describe('contract/decimal answers as the code it replaced did', () => {
  it('its amount schemas accept exactly what the old regexes accepted, with the same first refusal', () => {
    for (const [, schema, old] of OLD_SCHEMAS) {
      fc.assert(
        fc.property(anyText, (text) => {
          const now = schema.safeParse(text);
          const before = old.safeParse(text);
          expect(now.success).toBe(before.success);
          expect(now.error?.issues[0]?.message).toBe(before.error?.issues[0]?.message);
        }),
        { numRuns: 1000 },
      );
    }
  });

  it('its predicates are the old regexes', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(isPositive(text)).toBe(OLD.decimal.test(text) && OLD.positive.test(text));
        expect(isPositiveAmount(text)).toBe(OLD.amount.test(text) && OLD.positive.test(text));
        expect(isEntryAmount(text)).toBe(OLD.ledgerEntry.test(text) && OLD.positive.test(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('formatDecimal writes what the server wrote, and refuses what it refused', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 0, max: 4 }), (text, minDecimals) => {
        let before: string | Error;
        try {
          before = oldFormatDecimal(text, minDecimals);
        } catch (error) {
          before = error as Error;
        }
        if (before instanceof Error) expect(() => formatDecimal(text, minDecimals)).toThrow();
        else expect(formatDecimal(text, minDecimals)).toBe(before);
      }),
      { numRuns: 2000 },
    );
  });

  it('one toUnits: the values both old ones gave where they were right, refusing what the server refused', () => {
    fc.assert(
      fc.property(anyText, scale, (text, decimals) => {
        const server = oldServerToUnits(text, decimals);
        if (server === null) return;
        const written = text.split('.')[1]?.length ?? 0;
        if (written <= decimals) {
          expect(toUnits(text, decimals)).toBe(server);
          // The wallet's took only amounts its machine had checked so: on those, all three agree.
          expect(toUnits(text, decimals)).toBe(oldWalletToUnits(text, decimals));
        } else {
          // More zeros written than decimals asked: the old server's padEnd left them in, a count too large.
          expect(toUnits(text, decimals) * 10n ** BigInt(written - decimals)).toBe(server);
        }
      }),
      { numRuns: 2000 },
    );
    expect(toUnits('1.000', 2)).toBe(100n);
    expect(oldServerToUnits('1.000', 2)).toBe(1000n);
    fc.assert(
      fc.property(anyText, scale, (text, decimals) => {
        if (oldServerToUnits(text, decimals) === null && isPositiveAmount(text)) expect(fitsDecimals(text, decimals)).toBe(false);
      }),
    );
  });

  it('fitsAssetDecimals counts decimals as before, trailing zeros aside', () => {
    fc.assert(
      fc.property(
        unsignedDecimal,
        fc.constantFrom('EUR', 'BTC', 'USDT', 'ETH') as fc.Arbitrary<'EUR' | 'BTC' | 'USDT' | 'ETH'>,
        (amount, asset) => {
          const fraction = /\.(\d*?)0*$/.exec(amount)?.[1] ?? '';
          expect(fitsAssetDecimals(amount, asset)).toBe(fraction.length <= { EUR: 2, BTC: 8, USDT: 6, ETH: 18 }[asset]);
        },
      ),
    );
  });

  it('the quote accepts and refuses the typed amounts it did', () => {
    const verdict = (amount: string, decimals: number) => {
      try {
        quoteFigures({ fromUsd: '1', toUsd: '1', fromDecimals: decimals, toDecimals: decimals, amount, side: 'in' });
        return 'accepted';
      } catch (error) {
        const code = (error as { code?: string }).code;
        return code === 'amount_invalid' || code === 'amount_too_precise' ? code : 'accepted';
      }
    };
    fc.assert(
      fc.property(anyText, fc.constantFrom(2, 6, 8, 18), (amount, decimals) => {
        expect(verdict(amount, decimals)).toBe(oldQuoteVerdict(amount, decimals));
      }),
      { numRuns: 1000 },
    );
    // Zeros written past the asset's decimals once counted as digits: `10.000` EUR was quoted as 100.
    const euro = quoteFigures({ fromUsd: '1', toUsd: '1', fromDecimals: 2, toDecimals: 2, amount: '10.000', side: 'in' });
    expect(euro.amountIn).toBe('10.00');
  });
});

describe('client and server read an amount alike', () => {
  it('what a machine lets through, the server’s schema takes, edge by edge', () => {
    for (const text of EDGES) expect([text, isPositiveAmount(text)]).toEqual([text, amountSchema.safeParse(text).success]);
  });

  it('an amount typed in any language, in its own digits, reaches the server as the same decimal', () => {
    fc.assert(
      fc.property(unsignedDecimal, fc.constantFrom(...LOCALES), (amount, locale) => {
        fc.pre(fitsDecimals(amount, 18));
        const typed = amountForInput(amount, locale);
        const parsed = parseAmount(typed, locale, 18);
        // Zero is read, then refused with its own reason (the form says why nothing can be sent).
        if (compare(amount, '0') === 0) return void expect(parsed).toEqual({ ok: false, error: 'zero' });
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(compare(parsed.value, amount)).toBe(0);
        expect(parsed.value).toMatch(CANONICAL);
        expect(decimalSchema.safeParse(parsed.value).success).toBe(true);
        expect(isPositiveAmount(parsed.value)).toBe(amountSchema.safeParse(parsed.value).success);
      }),
      { numRuns: 400 },
    );
  });

  it('an amount with more decimals than the asset keeps is refused alike', () => {
    fc.assert(
      fc.property(unsignedDecimal, fc.constantFrom(...LOCALES), fc.constantFrom(2, 6, 8), (amount, locale, decimals) => {
        const parsed = parseAmount(amountForInput(amount, locale), locale, decimals);
        const expected = !fitsDecimals(amount, decimals) ? 'too_many_decimals' : compare(amount, '0') === 0 ? 'zero' : 'fits';
        expect(parsed.ok ? 'fits' : parsed.error).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });
});

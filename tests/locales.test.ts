import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, LOCALE_TAGS as APP_LOCALE_TAGS } from '../contract/locales';
import { ALLOW_IDENTICAL, checkLocales, LOCALE_TAGS, pluralCategories } from '../scripts/locale-check.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function readLocale(locale: string): unknown {
  return JSON.parse(readFileSync(new URL(`../locales/${locale}.json`, import.meta.url), 'utf8'));
}

describe('the real locale files', () => {
  it('all eight match en.json', () => {
    const messages = Object.fromEntries(LOCALES.map((locale) => [locale, readLocale(locale)]));
    expect(checkLocales(messages)).toEqual([]);
  });

  it('keep the brand name in every locale', () => {
    for (const locale of LOCALES) {
      expect((readLocale(locale) as { app: { name: string } }).app.name).toBe('Meridian');
    }
  });

  // Issue 24 item 13: Intl writes Arabic figures in Arabic-Indic digits (ar-SA: ٢٤), so a sentence
  // around them does too — "ارتفاع ٠٫٥٪ خلال 24 ساعة" mixed both, and "رمز من 6 أرقام" read like a
  // code. Western digits stay only where they are characters to type or read off as written.
  const WESTERN_DIGITS_ALLOWED: { key: string; code: RegExp; why: string }[] = [
    { key: 'flows.zoomHint', code: /0(?= يعيد)/, why: 'the 0 key on the keyboard' },
    { key: 'payByCode.codeHint', code: /[0-9A-Z]{4}(-[0-9A-Z]{4}){3}/, why: 'a sample voucher code, typed as printed' },
    { key: 'withdraw.addressHint', code: /0x/, why: 'the address prefix, typed as is' },
    { key: 'withdraw.failures.address_invalid', code: /0x|0–9/g, why: 'the prefix and the characters of an address' },
    { key: 'withdraw.bitcoin.hint.mainnet', code: /\b(1|3|bc1)\b/g, why: 'the first characters of a Bitcoin address' },
    { key: 'withdraw.bitcoin.hint.testnet', code: /\b(2|tb1|bcrt1)\b/g, why: 'the first characters of a test-network address' },
    { key: 'priceAlerts.problems.price_invalid', code: /\b(65000|0\.5)\b/g, why: 'samples of what to type in the price field' },
  ];

  it('write the figures of Arabic prose in Arabic digits, as Intl writes the values beside them', () => {
    const western: string[] = [];
    const walk = (node: unknown, key: string) => {
      if (typeof node === 'object' && node !== null) {
        for (const [name, child] of Object.entries(node)) walk(child, key ? `${key}.${name}` : name);
        return;
      }
      let prose = String(node).replaceAll(/\{\{[^}]*\}\}/g, '');
      for (const allowed of WESTERN_DIGITS_ALLOWED.filter((entry) => entry.key === key)) prose = prose.replace(allowed.code, '');
      // Extended (Persian) digits are not what Intl writes for the app's Arabic either.
      if (/[0-9۰-۹]/.test(prose)) western.push(`${key}: ${String(node)}`);
    };
    walk(readLocale('ar'), '');
    expect(western).toEqual([]);
    expect(new Intl.NumberFormat(APP_LOCALE_TAGS.ar, { useGrouping: false }).format(9876543210)).toBe('٩٨٧٦٥٤٣٢١٠');
  });

  it('allow Western digits only where an Arabic string still has them', () => {
    const ar = readLocale('ar') as Record<string, unknown>;
    const at = (key: string) => key.split('.').reduce<unknown>((node, name) => (node as Record<string, unknown>)[name], ar);
    for (const { key, code } of WESTERN_DIGITS_ALLOWED) expect(String(at(key)), key).toMatch(code);
  });

  it('are the locales and tags the app uses', () => {
    expect(Object.keys(LOCALE_TAGS).sort()).toEqual([...LOCALES].sort());
    expect({ ...LOCALE_TAGS }).toEqual(APP_LOCALE_TAGS);
  });

  // A Node process of its own: beside the static checks in `npm test` (docs/testing.md) it can take
  // longer to start than vitest's 5-second default on a busy machine.
  it('pass the command-line check (exit code 0)', { timeout: 30_000 }, () => {
    const output = execFileSync(process.execPath, ['scripts/check-locales.mjs'], { cwd: root, encoding: 'utf8' });
    expect(output).toMatch(/^Locale check passed/m);
  });
});

describe('checkLocales', () => {
  const en = {
    app: { name: 'Meridian', title: 'Accounts' },
    greeting: 'Hello, {{name}}',
  };
  const de = {
    app: { name: 'Meridian', title: 'Konten' },
    greeting: 'Hallo, {{name}}',
  };

  it('accepts a complete translation', () => {
    expect(checkLocales({ en, de })).toEqual([]);
  });

  it('reports a missing key', () => {
    expect(checkLocales({ en, de: { app: { name: 'Meridian' }, greeting: 'Hallo, {{name}}' } })).toEqual(['de: missing key "app.title"']);
  });

  it('reports a key that en.json does not have', () => {
    expect(checkLocales({ en, de: { ...de, farewell: 'Tschüss' } })).toEqual(['de: extra key "farewell" (not in en.json)']);
  });

  it('reports a nested object where en has a string, and the other way round', () => {
    expect(checkLocales({ en, de: { ...de, greeting: { text: 'Hallo, {{name}}' } } })).toEqual([
      'de: missing key "greeting"',
      'de: extra key "greeting.text" (not in en.json)',
    ]);
    expect(checkLocales({ en, de: { ...de, app: 'Meridian' } })).toEqual([
      'de: missing key "app.name"',
      'de: missing key "app.title"',
      'de: extra key "app" (not in en.json)',
    ]);
  });

  it('reports an untranslated value, except for allowed keys', () => {
    expect(checkLocales({ en, de: { ...de, app: { name: 'Meridian', title: 'Accounts' } } })).toEqual([
      'de: "app.title" is identical to English ("Accounts")',
    ]);
    const untranslated = { en, de: { ...de, app: { name: 'Meridian', title: 'Accounts' } } };
    expect(checkLocales(untranslated, { allowIdentical: ['app.name', 'app.title'] })).toEqual([]);
    expect(checkLocales(untranslated, { allowIdentical: ['app.name', 'de:app.title'] })).toEqual([]);
    expect(checkLocales(untranslated, { allowIdentical: ['app.name', 'fr:app.title'] })).toHaveLength(1);
    // app.name is on the default allow-list, so the brand may stay as it is.
    expect(ALLOW_IDENTICAL).toContain('app.name');
    expect(checkLocales({ en, de }, { allowIdentical: [] })).toEqual(['de: "app.name" is identical to English ("Meridian")']);
  });

  it('reports a placeholder that differs from English', () => {
    expect(checkLocales({ en, de: { ...de, greeting: 'Hallo, {{nme}}' } })).toEqual([
      'de: "greeting" placeholders differ from English: missing {{name}}; unexpected {{nme}}',
    ]);
    expect(checkLocales({ en, de: { ...de, greeting: 'Hallo' } })).toEqual([
      'de: "greeting" placeholders differ from English: missing {{name}}',
    ]);
    expect(checkLocales({ en, de: { ...de, greeting: 'Hallo, {{ name }}' } })).toEqual([]);
  });

  it('reports an empty or non-string value', () => {
    expect(checkLocales({ en, de: { ...de, app: { name: 'Meridian', title: '  ' } } })).toEqual(['de: "app.title" is empty']);
    expect(checkLocales({ en, de: { ...de, app: { name: 'Meridian', title: 42 } } })).toEqual(['de: "app.title" is not a string (number)']);
    expect(checkLocales({ en: { ...en, greeting: '' }, de })).toEqual(['en: "greeting" is empty']);
  });

  it('needs the English source', () => {
    expect(checkLocales({ de })).toEqual(['en: the English source is missing or is not a JSON object']);
  });

  describe('plural keys', () => {
    const enPlural = { payments_one: 'One payment', payments_other: '{{count}} payments' };

    it('uses the categories Intl lists for each language', () => {
      expect(pluralCategories('en-US')).toEqual(['one', 'other']);
      expect(pluralCategories('ar-SA')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
      expect(pluralCategories('ru-RU')).toEqual(['one', 'few', 'many', 'other']);
      expect(pluralCategories('th-TH')).toEqual(['other']);
      expect(pluralCategories('zh-CN')).toEqual(['other']);
    });

    it('needs all six Arabic categories', () => {
      const ar = { payments_one: 'دفعة واحدة', payments_other: '{{count}} دفعة' };
      const problems = checkLocales({ en: enPlural, ar });
      expect(problems).toHaveLength(4);
      for (const category of ['zero', 'two', 'few', 'many']) {
        expect(problems).toContain(`ar: missing plural form "payments_${category}" (ar-SA needs payments_{zero,one,two,few,many,other})`);
      }
      const complete = {
        payments_zero: 'لا توجد دفعات',
        payments_one: 'دفعة واحدة',
        payments_two: 'دفعتان',
        payments_few: '{{count}} دفعات',
        payments_many: '{{count}} دفعة',
        payments_other: '{{count}} دفعة',
      };
      // zero, one and two stand for a single number each, so they may spell it out.
      expect(checkLocales({ en: enPlural, ar: complete })).toEqual([]);
    });

    it('needs the Russian few and many forms', () => {
      const ru = { payments_one: '{{count}} платёж', payments_other: '{{count}} платежа' };
      expect(checkLocales({ en: enPlural, ru })).toEqual([
        'ru: missing plural form "payments_few" (ru-RU needs payments_{one,few,many,other})',
        'ru: missing plural form "payments_many" (ru-RU needs payments_{one,few,many,other})',
      ]);
      const complete = {
        payments_one: '{{count}} платёж',
        payments_few: '{{count}} платежа',
        payments_many: '{{count}} платежей',
        payments_other: '{{count}} платежа',
      };
      expect(checkLocales({ en: enPlural, ru: complete })).toEqual([]);
      // Russian "one" also means 21, 31, …: the number cannot be spelled out.
      expect(checkLocales({ en: enPlural, ru: { ...complete, payments_one: 'Один платёж' } })).toEqual([
        'ru: "payments_one" drops {{count}}, but "one" in ru-RU covers more than one number',
      ]);
    });

    it('needs only "other" in Thai and Chinese, and reports the forms they lack as extra', () => {
      expect(
        checkLocales({ en: enPlural, th: { payments_other: '{{count}} รายการ' }, zh: { payments_other: '{{count}} 笔付款' } }),
      ).toEqual([]);
      expect(checkLocales({ en: enPlural, th: {}, zh: { payments_one: '1 笔付款', payments_other: '{{count}} 笔付款' } })).toEqual([
        'th: missing plural form "payments_other" (th-TH needs payments_{other})',
        'zh: extra plural form "payments_one" (zh-CN has no "one" category; it uses other)',
      ]);
    });

    it('checks English itself and the placeholders of each form', () => {
      expect(checkLocales({ en: { payments_other: '{{count}} payments', payments_two: 'Two payments' } })).toEqual([
        'en: missing plural form "payments_one" (en-US needs payments_{one,other})',
        'en: extra plural form "payments_two" (en-US has no "two" category; it uses one, other)',
      ]);
      const enAmount = { total_one: '{{count}} payment of {{amount}}', total_other: '{{count}} payments of {{amount}}' };
      expect(
        checkLocales({ en: enAmount, de: { total_one: '{{count}} Zahlung', total_other: '{{count}} Zahlungen über {{amount}}' } }),
      ).toEqual(['de: "total_one" placeholders differ from English: missing {{amount}}']);
    });

    it('reports a count English formats as a number but a translation prints raw', () => {
      const en = { seconds_one: '{{count, number}} second', seconds_other: '{{count, number}} seconds' };
      const ar = { seconds_zero: '{{count, number}} ثانية', seconds_one: 'ثانية واحدة', seconds_two: 'ثانيتان' };
      expect(
        checkLocales({
          en,
          ar: { ...ar, seconds_few: '{{count}} ثوانٍ', seconds_many: '{{count, number}} ثانية', seconds_other: '{{count, number}} ثانية' },
        }),
      ).toEqual(['ar: "seconds_few" placeholders differ from English: unexpected {{count}}']);
    });

    it('reports an untranslated plural form', () => {
      expect(checkLocales({ en: enPlural, zh: { payments_other: '{{count}} payments' } })).toEqual([
        'zh: "payments_other" is identical to English',
      ]);
    });
  });
});

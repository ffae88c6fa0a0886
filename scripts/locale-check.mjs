// @ts-check
/**
 * Checks the locale message files against the English source, locales/en.json.
 *
 * Pure: no file system, no process. `scripts/check-locales.mjs` reads the files and prints the
 * problems; `tests/locales.test.ts` runs the same checks on the real files and on small fixtures.
 * Plain ESM with JSDoc types so that Node (no build step) and Vitest can both import it.
 */

/** BCP 47 tag per locale, for Intl.PluralRules; must match LOCALE_TAGS in contract/locales.ts. */
export const LOCALE_TAGS = Object.freeze({
  en: 'en-US',
  ar: 'ar-SA',
  de: 'de-DE',
  es: 'es-ES',
  fr: 'fr-FR',
  ru: 'ru-RU',
  th: 'th-TH',
  zh: 'zh-CN',
});

/** The reference locale: every other locale must have exactly its keys. */
export const SOURCE_LOCALE = 'en';

/**
 * Keys whose value may legitimately equal the English one.
 * `key` allows it in every locale; `locale:key` only in that locale (a plural base key covers all its forms).
 */
export const ALLOW_IDENTICAL = Object.freeze([
  'app.name',
  // Same word, same spelling, and the natural choice in these languages.
  'de:screens.simulate.title',
  'de:passkeys.section.title',
  'fr:screens.simulate.title',
  'fr:charts.date',
  'fr:screens.kycQuestionnaire.title',
  'fr:screens.kycSignature.title',
  'fr:kyc.steps.questionnaire',
  'fr:kyc.steps.signature',
  'es:kyc.questionnaire.options.pep.no',
  'fr:screens.onboardingPush.title',
  'fr:screens.notifications.title',
  'fr:nav.notifications',
  'fr:notifications.bellNone',
  'fr:screens.profileInviteDashboard.title',
  'de:levels.names.3',
  // International banking codes, written the same in every language.
  'accounts.detail.iban',
  'accounts.detail.bic',
]);

/** i18next v4 JSON plural suffixes, in CLDR order. */
const CATEGORY_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];
const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;
const INTERPOLATION = /\{\{([^{}]*)\}\}/g;
const NESTING = /\$t\(([^()]*)\)/g;
const LETTER = /\p{L}/u;

/**
 * @typedef {{ allowIdentical?: readonly string[] }} CheckOptions
 * @typedef {{ base: string, category: string }} PluralKey
 */

/**
 * Returns one human-readable line per problem; an empty list means every locale is complete.
 * `messages` maps a locale code (en, ar, …) to its parsed JSON; it must contain `en`.
 *
 * @param {Record<string, unknown>} messages
 * @param {CheckOptions} [options]
 * @returns {string[]}
 */
export function checkLocales(messages, options = {}) {
  const allow = new Set(options.allowIdentical ?? ALLOW_IDENTICAL);
  const problems = /** @type {string[]} */ ([]);
  if (!isPlainObject(messages[SOURCE_LOCALE])) {
    return [`${SOURCE_LOCALE}: the English source is missing or is not a JSON object`];
  }
  const source = flatten(messages[SOURCE_LOCALE]);

  // Plural base keys are defined by en: `items_one` + `items_other` make `items` a plural key.
  /** @type {Map<string, Map<string, unknown>>} */
  const sourcePlurals = new Map();
  /** @type {string[]} */
  const sourcePlain = [];
  for (const [key, value] of source) {
    const plural = parsePluralKey(key);
    if (!plural) {
      sourcePlain.push(key);
      continue;
    }
    const forms = sourcePlurals.get(plural.base) ?? new Map();
    forms.set(plural.category, value);
    sourcePlurals.set(plural.base, forms);
  }

  for (const [locale, data] of Object.entries(messages)) {
    if (!isPlainObject(data)) {
      problems.push(`${locale}: not a JSON object`);
      continue;
    }
    const isSource = locale === SOURCE_LOCALE;
    const tag = tagOf(locale);
    const flat = isSource ? source : flatten(data);
    /** @type {Set<string>} */
    const expected = new Set();

    for (const key of sourcePlain) {
      expected.add(key);
      if (!flat.has(key)) {
        problems.push(`${locale}: missing key "${key}"`);
        continue;
      }
      const value = flat.get(key);
      if (!checkString(problems, locale, key, value) || isSource) continue;
      const reference = source.get(key);
      if (typeof reference !== 'string' || reference.trim() === '') continue; // en itself is reported
      if (isUntranslated(value, [reference]) && !isAllowed(allow, locale, key)) {
        problems.push(`${locale}: "${key}" is identical to English (${JSON.stringify(reference)})`);
      }
      const difference = describeTokenDifference(tokens(reference), tokens(value));
      if (difference) problems.push(`${locale}: "${key}" placeholders differ from English: ${difference}`);
    }

    for (const [base, sourceForms] of sourcePlurals) {
      const type = base.endsWith('_ordinal') ? 'ordinal' : 'cardinal';
      const categories = pluralCategories(tag, type);
      const sourceStrings = [...sourceForms.values()].filter((v) => typeof v === 'string');
      const sourceCountTokens = new Set(sourceStrings.flatMap((s) => [...tokens(s)].filter(isCountToken)));
      for (const category of categories) {
        const key = `${base}_${category}`;
        expected.add(key);
        if (!flat.has(key)) {
          problems.push(`${locale}: missing plural form "${key}" (${tag} needs ${base}_{${categories.join(',')}})`);
          continue;
        }
        const value = flat.get(key);
        if (!checkString(problems, locale, key, value) || isSource) continue;
        if (isUntranslated(value, sourceStrings) && !isAllowed(allow, locale, key, base)) {
          problems.push(`${locale}: "${key}" is identical to English`);
        }
        const reference = sourceForms.get(category) ?? sourceForms.get('other');
        if (typeof reference !== 'string' || reference.trim() === '') continue;
        const found = tokens(value);
        const difference = describeTokenDifference(withoutCount(tokens(reference)), withoutCount(found));
        if (difference) problems.push(`${locale}: "${key}" placeholders differ from English: ${difference}`);
        const foundCount = [...found].filter(isCountToken);
        // A plain {{count}} is fine unless English formats it ({{count, number}}): then it must be formatted here too.
        const strangeCount = foundCount.filter((t) => !sourceCountTokens.has(t) && (t !== 'count' || sourceCountTokens.size > 0));
        if (strangeCount.length > 0) {
          problems.push(`${locale}: "${key}" placeholders differ from English: unexpected ${strangeCount.map(show).join(', ')}`);
        }
        // The number may be spelled out only where the category means a single number (ar "two" = 2).
        if (sourceCountTokens.size > 0 && foundCount.length === 0 && !isSingleNumber(tag, type, category)) {
          problems.push(`${locale}: "${key}" drops {{count}}, but "${category}" in ${tag} covers more than one number`);
        }
      }
    }

    for (const [key] of flat) {
      if (expected.has(key)) continue;
      const plural = parsePluralKey(key);
      if (plural && sourcePlurals.has(plural.base)) {
        const type = plural.base.endsWith('_ordinal') ? 'ordinal' : 'cardinal';
        problems.push(
          `${locale}: extra plural form "${key}" (${tag} has no "${plural.category}" category; it uses ${pluralCategories(tag, type).join(', ')})`,
        );
      } else {
        problems.push(`${locale}: extra key "${key}" (not in ${SOURCE_LOCALE}.json)`);
      }
    }
  }
  return problems;
}

/**
 * The plural categories Intl knows for a tag, in i18next suffix order.
 * @param {string} tag
 * @param {'cardinal' | 'ordinal'} [type]
 * @returns {string[]}
 */
export function pluralCategories(tag, type = 'cardinal') {
  const listed = new Intl.PluralRules(tag, { type }).resolvedOptions().pluralCategories;
  return CATEGORY_ORDER.filter((c) => listed.includes(/** @type {Intl.LDMLPluralRule} */ (c)));
}

/** @param {string} locale */
function tagOf(locale) {
  return Object.hasOwn(LOCALE_TAGS, locale) ? LOCALE_TAGS[/** @type {keyof typeof LOCALE_TAGS} */ (locale)] : locale;
}

/**
 * `{ a: { b: 'x' } }` → `Map { 'a.b' => 'x' }`, in document order; non-object leaves are kept as they are.
 * @param {unknown} value
 * @returns {Map<string, unknown>}
 */
function flatten(value, prefix = '', out = new Map()) {
  if (isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * @param {string} key
 * @returns {PluralKey | null}
 */
function parsePluralKey(key) {
  const match = PLURAL_KEY.exec(key);
  return match && match[1] && match[2] ? { base: match[1], category: match[2] } : null;
}

/**
 * Reports a value that is not a non-empty string; returns whether it is one.
 * @param {string[]} problems
 * @param {string} locale
 * @param {string} key
 * @param {unknown} value
 * @returns {value is string}
 */
function checkString(problems, locale, key, value) {
  if (typeof value !== 'string') {
    problems.push(`${locale}: "${key}" is not a string (${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value})`);
    return false;
  }
  if (value.trim() === '') {
    problems.push(`${locale}: "${key}" is empty`);
    return false;
  }
  return true;
}

/**
 * Same text as English; strings without any letter ("{{count}}", "—") cannot be translated.
 * @param {string} value
 * @param {unknown[]} references
 */
function isUntranslated(value, references) {
  return LETTER.test(value) && references.includes(value);
}

/**
 * @param {Set<string>} allow
 * @param {string} locale
 * @param {string} key
 * @param {string} [base]
 */
function isAllowed(allow, locale, key, base) {
  return [key, base].some((k) => k !== undefined && (allow.has(k) || allow.has(`${locale}:${k}`)));
}

/**
 * The interpolations (`{{name}}`, `{{amount, currency}}`) and nestings (`$t(key)`) of a string,
 * whitespace-normalized: `name`, `amount, currency`, `$t(key)`.
 * @param {string} text
 * @returns {Set<string>}
 */
function tokens(text) {
  const found = new Set();
  for (const match of text.matchAll(INTERPOLATION)) found.add(normalize(match[1] ?? ''));
  for (const match of text.matchAll(NESTING)) found.add(`$t(${normalize(match[1] ?? '')})`);
  return found;
}

/** @param {string} inner */
function normalize(inner) {
  return inner
    .trim()
    .replace(/\s*,\s*/g, ', ')
    .replace(/\s+/g, ' ');
}

/** @param {string} token */
function isCountToken(token) {
  return /^-?\s*count(?:,|$)/.test(token);
}

/** @param {Set<string>} set */
function withoutCount(set) {
  return new Set([...set].filter((t) => !isCountToken(t)));
}

/** @param {string} token */
function show(token) {
  return token.startsWith('$t(') ? token : `{{${token}}}`;
}

/**
 * @param {Set<string>} expected
 * @param {Set<string>} found
 * @returns {string | null}
 */
function describeTokenDifference(expected, found) {
  const missing = [...expected].filter((t) => !found.has(t));
  const unexpected = [...found].filter((t) => !expected.has(t));
  const parts = [];
  if (missing.length > 0) parts.push(`missing ${missing.map(show).join(', ')}`);
  if (unexpected.length > 0) parts.push(`unexpected ${unexpected.map(show).join(', ')}`);
  return parts.length > 0 ? parts.join('; ') : null;
}

/** @type {Map<string, boolean>} */
const singleNumberCache = new Map();

/**
 * Whether a plural category stands for exactly one number in 0…1000 (ar `zero`/`one`/`two`, en `one`),
 * so that a translation may spell it out instead of using {{count}}.
 * @param {string} tag
 * @param {'cardinal' | 'ordinal'} type
 * @param {string} category
 */
function isSingleNumber(tag, type, category) {
  const cacheKey = `${tag}|${type}|${category}`;
  let single = singleNumberCache.get(cacheKey);
  if (single === undefined) {
    const rules = new Intl.PluralRules(tag, { type });
    let hits = 0;
    for (let n = 0; n <= 1000 && hits < 2; n += 1) if (rules.select(n) === category) hits += 1;
    single = hits === 1;
    singleNumberCache.set(cacheKey, single);
  }
  return single;
}

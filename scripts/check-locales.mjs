#!/usr/bin/env node
// @ts-check
/**
 * `node scripts/check-locales.mjs` (npm run check:locales): checks locales/*.json against locales/en.json.
 * Prints one line per problem and a summary; exits 1 when there is any problem.
 */
import { readFileSync } from 'node:fs';
import { checkLocales, LOCALE_TAGS } from './locale-check.mjs';

const directory = new URL('../locales/', import.meta.url);

/** @type {Record<string, unknown>} */
const messages = {};
/** @type {string[]} */
const problems = [];

for (const locale of Object.keys(LOCALE_TAGS)) {
  const file = `locales/${locale}.json`;
  let text;
  try {
    text = readFileSync(new URL(`${locale}.json`, directory), 'utf8');
  } catch (error) {
    problems.push(`${locale}: cannot read ${file} (${error instanceof Error ? error.message : String(error)})`);
    continue;
  }
  try {
    messages[locale] = JSON.parse(text);
  } catch (error) {
    problems.push(`${locale}: ${file} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

if (messages.en !== undefined) problems.push(...checkLocales(messages));

const count = Object.keys(LOCALE_TAGS).length;
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`Locale check failed: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${count} locales.`);
  process.exitCode = 1;
} else {
  console.log(`Locale check passed: ${count} locales match locales/en.json.`);
}

// @vitest-environment happy-dom
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  LOCALE_TAGS,
  containsPersonalWord,
  meetsPasswordRule,
  passwordSchema,
  personalWords,
  type KnownAboutCustomer,
  type Locale,
} from '../contract';
import { createActor, fromPromise, waitFor } from 'xstate';
import { asError } from '../machines/parts/failure';
import { registrationMachine } from '../machines/registration/registration.machine';
import { countryOptions } from '../src/screens/shared/countries';
import { fieldErrorText } from '../src/ui/failureText';
import { lookUpIn } from './translate';
import { PasswordRequirements } from '../src/screens/shared/PasswordRequirements';
import ar from '../locales/ar.json';
import en from '../locales/en.json';

async function i18nFor(lng: Locale, resources: object) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng, resources: { [lng]: { translation: resources } }, interpolation: { escapeValue: false } });
  return i18n;
}

/** Each requirement line as [text, met]. */
async function requirementsShown(password: string, lng: Locale = 'en', resources: object = en, known: KnownAboutCustomer = {}) {
  const i18n = await i18nFor(lng, resources);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <PasswordRequirements password={password} known={known} id="rule" />
    </I18nextProvider>,
  );
  const document = new DOMParser().parseFromString(html, 'text/html');
  return [...document.querySelectorAll('li')].map(
    (li) => [li.querySelector('span:not(.requirement-mark):not(.visually-hidden)')!.textContent, li.dataset.met === 'true'] as const,
  );
}

describe('password requirements shown while typing', () => {
  it.each([
    ['', [false, false, false, true]],
    ['abc', [false, true, false, true]],
    ['1234567890', [true, false, true, true]],
    ['correct horse', [true, true, false, true]],
    ['correct horse 42', [true, true, true, true]],
    // Any script counts as a letter and any decimal digit as a digit, as on the server.
    ['كلمةمرور١٢٣٤', [true, true, true, true]],
    ['x'.repeat(129) + '1', [false, true, true, true]],
  ])('%j marks length, letter, digit, personal as %j', async (password, expected) => {
    const shown = await requirementsShown(password);
    expect(shown.map(([, met]) => met)).toEqual(expected);
    // The display is the server's rule: all met exactly when passwordSchema accepts it.
    expect(expected.every(Boolean)).toBe(passwordSchema.safeParse(password).success);
    expect(meetsPasswordRule(password)).toBe(passwordSchema.safeParse(password).success);
  });

  it('names each requirement in the interface language, with the minimum length', async () => {
    expect((await requirementsShown('a1')).map(([text]) => text)).toEqual([
      'At least 10 characters',
      'At least one letter',
      'At least one digit',
      'Does not contain your e-mail address or name',
    ]);
    const arabic = await requirementsShown('a1', 'ar', ar);
    // Arabic counts 3–10 with the "few" form.
    expect(arabic[0]![0]).toBe('10 أحرف على الأقل');
    expect(arabic.every(([text]) => /\p{Script=Arabic}/u.test(text ?? ''))).toBe(true);
  });
});

describe('a password with the customer’s e-mail address or name in it', () => {
  const known = { email: 'Qa.UX.17958@example.com', name: 'Ann Smithson' };

  it.each([
    // The reported case: the start of the address, then digits.
    ['qa.ux.17958!', false],
    ['my qa.ux.17958 key', false],
    ['SMITHSON horse 42', false],
    ['correct horse 42', true],
    // Words shorter than four characters are too common to refuse.
    ['ann and qa 2026 ok', true],
  ])('%j: the personal requirement is met: %j, on the form and in the shared rule', async (password, met) => {
    const shown = await requirementsShown(password, 'en', en, known);
    expect(shown[3]).toEqual(['Does not contain your e-mail address or name', met]);
    expect(meetsPasswordRule(password, known)).toBe(met && meetsPasswordRule(password));
  });

  it('takes the words of the address and of a name in any script, ignoring case and width', () => {
    expect(personalWords(known)).toEqual(['qa.ux.17958', 'smithson']);
    expect(personalWords({ email: 'anna.schmidt77@example.com' })).toEqual(['anna.schmidt77', 'anna', 'schmidt']);
    expect(containsPersonalWord('ＳＭＩＴＨＳＯＮ-2026-x', known)).toBe(true);
    expect(containsPersonalWord('مرحبا فاطمة ٢٠٢٦ أهلا', { name: 'فاطمة الزهراء' })).toBe(true);
  });
});

describe('country of residence list', () => {
  it.each(['en', 'ar', 'zh'] as const)('names every code in %s with Intl.DisplayNames, sorted by its collation', (locale) => {
    const options = countryOptions(locale);
    expect(options.map((o) => o.code).sort()).toEqual([...COUNTRY_CODES].sort());
    const collator = new Intl.Collator(LOCALE_TAGS[locale]);
    for (let i = 1; i < options.length; i++) expect(collator.compare(options[i - 1]!.name, options[i]!.name)).toBeLessThanOrEqual(0);
  });

  it('shows the names of the active language', () => {
    const name = (locale: Locale, code: string) => countryOptions(locale).find((o) => o.code === code)!.name;
    expect(name('en', 'DE')).toBe('Germany');
    expect(name('ar', 'DE')).toBe('ألمانيا');
    expect(name('zh', 'DE')).toBe('德国');
    expect(name('de', 'DE')).toBe('Deutschland');
    // Sorted by the language, not by code: in English Åland Islands sits with the A's, before Albania.
    const english = countryOptions('en').map((o) => o.code);
    expect(english.indexOf('AX')).toBeLessThan(english.indexOf('AL'));
  });
});

describe('a country of residence the server refuses', () => {
  it('shows its translated reason next to the country field, not for the whole form', async () => {
    const registration = createActor(
      registrationMachine.provide({
        actors: {
          register: fromPromise(() => Promise.reject(asError({ code: 'country_sanctioned', fields: { country: 'sanctioned' } }))),
        },
      }),
      { input: { saved: null } },
    ).start();
    registration.send({ type: 'EMAIL_CHOSEN' });
    registration.send({
      type: 'DETAILS_SUBMITTED',
      email: 'ann@example.test',
      country: 'KP',
      acceptTerms: true,
      password: 'correct horse 42 battery',
    });
    const { context } = await waitFor(registration, (s) => !s.hasTag('busy') && Object.keys(s.context.fieldErrors).length > 0);
    expect(context).toMatchObject({ fieldErrors: { country: 'sanctioned' }, failure: null, country: 'KP' });
    expect(fieldErrorText(lookUpIn(en), 'country', context.fieldErrors.country)).toMatch(/comprehensive sanctions/);
    expect(fieldErrorText(lookUpIn(ar), 'country', context.fieldErrors.country)).toMatch(/\p{Script=Arabic}/u);
  });
});

import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode as PhoneCountry } from 'libphonenumber-js';
import { COUNTRY_CODES, type CountryCode } from './countryCodes';

/*
 * Phone numbers as people type them and as the API stores them, through libphonenumber-js. Shared by
 * the app (forms, display) and the server (validation), so both agree on what a valid number is.
 */

export type PhoneParse = { ok: true; e164: string; international: string } | { ok: false; reason: 'missing' | 'invalid' };

/** Countries the numbering metadata knows (a few territories, e.g. Antarctica, have no plan). */
export const PHONE_COUNTRIES: readonly CountryCode[] = COUNTRY_CODES.filter((code) => isSupportedCountry(code));

export function callingCode(country: CountryCode): string | null {
  return isSupportedCountry(country) ? `+${getCountryCallingCode(country as PhoneCountry)}` : null;
}

/**
 * A number typed in the national form of `country` (`0151 2345 6789`), or in international form with
 * its `+` (then the country is taken from the number). Valid means: it exists in the country's plan.
 */
export function parsePhoneInput(input: string, country: CountryCode): PhoneParse {
  if (input.trim() === '') return { ok: false, reason: 'missing' };
  const parsed = parsePhoneNumberFromString(input, isSupportedCountry(country) ? (country as PhoneCountry) : undefined);
  if (!parsed?.isValid()) return { ok: false, reason: 'invalid' };
  return { ok: true, e164: parsed.number, international: parsed.formatInternational() };
}

/** True when an E.164 string is a number of some country's plan (the server's check). */
export function isValidE164(e164: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(e164) && parsePhoneNumberFromString(e164)?.isValid() === true;
}

/** `+4915123456789` → `+49 1512 3456789`; unknown numbers are shown as stored. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** The country a stored number belongs to, to preselect it when the number is changed. */
export function phoneCountry(e164: string): CountryCode | null {
  const country = parsePhoneNumberFromString(e164)?.country;
  return country && (COUNTRY_CODES as readonly string[]).includes(country) ? (country as CountryCode) : null;
}

/**
 * The number with its country code and only the last two digits shown (`+49 •••••••••89`): enough
 * for the customer to recognise their phone on the sign-in page, too little to learn it.
 */
export function maskPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  const country = parsed ? `+${parsed.countryCallingCode}` : e164.slice(0, 3);
  const national = parsed ? parsed.nationalNumber : e164.slice(3);
  return `${country} ${'•'.repeat(Math.max(0, national.length - 2))}${national.slice(-2)}`;
}

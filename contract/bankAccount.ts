import { electronicFormatIBAN, getCountrySpecifications, isSEPACountry, isValidBIC, isValidIBAN, validateIBAN } from 'ibantools';

/** Why a typed bank account is refused (`checkBankAccount`). */
export type BankAccountRefusal = 'iban_invalid' | 'iban_not_sepa' | 'bic_invalid' | 'bic_required';

/**
 * SEPA countries outside the European Economic Area: a credit transfer to them still needs the bank's
 * BIC (EPC rulebook; inside the EEA the IBAN alone routes it). Also the test's reference.
 */
export const BIC_REQUIRED_COUNTRIES = ['AD', 'AL', 'CH', 'GB', 'GG', 'IM', 'JE', 'MC', 'MD', 'ME', 'MK', 'RS', 'SM', 'VA'] as const;

/**
 * A bank account as typed, checked by the server and mirrored in the browser (ibantools): an IBAN with
 * its country's length, format and check digits, spaces allowed and dropped; of a SEPA country, since
 * payouts go by SEPA credit transfer; and a BIC of 8 or 11 characters when given, required where the
 * country needs one. Kept in electronic format (upper case, no spaces).
 */
export function checkBankAccount(typed: {
  iban: string;
  bic?: string | null;
}): { ok: true; iban: string; bic: string | null } | { ok: false; code: BankAccountRefusal } {
  // No IBAN is longer than 34 characters (plus its print format's spaces); nothing longer reaches the library.
  const iban = typed.iban.length <= 42 ? electronicFormatIBAN(typed.iban) : null;
  if (!iban || !isValidIBAN(iban)) return { ok: false, code: 'iban_invalid' };
  const country = iban.slice(0, 2);
  if (!isSEPACountry(country)) return { ok: false, code: 'iban_not_sepa' };
  const bic = typed.bic?.trim().toUpperCase() || null;
  if (bic !== null && (bic.length > 11 || !isValidBIC(bic))) return { ok: false, code: 'bic_invalid' };
  if (bic === null && (BIC_REQUIRED_COUNTRIES as readonly string[]).includes(country)) return { ok: false, code: 'bic_required' };
  return { ok: true, iban, bic };
}

/** ibantools builds its table of countries afresh on every call, and the checks run on every keystroke. */
let countrySpecifications: ReturnType<typeof getCountrySpecifications> | undefined;

/**
 * What is wrong with an IBAN, in the customer's terms: an unknown country, a country outside SEPA, the
 * wrong length for its country, characters its country's format does not allow, or check digits that do
 * not add up; null when it is a valid SEPA IBAN. `typing`: a shorter IBAN is not finished, not wrong yet.
 * Spaces and lower case are what people paste: they are dropped and raised first.
 */
export type IbanProblem = 'iban_country' | 'iban_not_sepa' | 'iban_length' | 'iban_format' | 'iban_check_digits';
export function ibanProblem(typed: string, { typing = false } = {}): IbanProblem | null {
  const iban = electronicFormatIBAN(typed.slice(0, 42)) ?? '';
  if (iban.length < 2) return typing ? null : 'iban_length';
  const country = iban.slice(0, 2);
  const spec = (countrySpecifications ??= getCountrySpecifications())[country];
  if (!spec?.chars) return 'iban_country';
  if (!isSEPACountry(country)) return 'iban_not_sepa';
  if (iban.length !== spec.chars) return typing && iban.length < spec.chars ? null : 'iban_length';
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.length === 0) return null;
  // ibantools' codes: 3 the country's format (letters where digits belong); the rest are check digits.
  return errorCodes.includes(3) ? 'iban_format' : 'iban_check_digits';
}

/** The IBAN's country is a SEPA country outside the EEA, whose payouts need the BIC (`checkBankAccount`). */
export const needsBic = (typed: string) =>
  (BIC_REQUIRED_COUNTRIES as readonly string[]).includes((electronicFormatIBAN(typed.slice(0, 42)) ?? '').slice(0, 2));

/** An IBAN as printed on a statement: upper case, in groups of four. */
export const printedIban = (typed: string) => (electronicFormatIBAN(typed.slice(0, 42)) ?? '').replace(/(.{4})(?=.)/g, '$1 ');

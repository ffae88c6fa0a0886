import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';

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

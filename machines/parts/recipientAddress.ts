import { emailSchema } from '../../contract/auth';
import type { CountryCode } from '../../contract/countryCodes';
import { parsePhoneInput } from '../../contract/phoneNumbers';

/**
 * Whom money goes to or is asked from, as the customer typed it: an e-mail address (with an `@`), else a
 * phone number read in the customer's own country unless it starts with `+`. Answers the address the
 * server takes (lower-case e-mail, E.164), or null when it is neither.
 */
export function recipientAddress(typed: string, country: CountryCode): string | null {
  const text = typed.trim();
  if (text.includes('@')) {
    const email = emailSchema.safeParse(text);
    return email.success ? email.data : null;
  }
  const phone = parsePhoneInput(text, country);
  return phone.ok ? phone.e164 : null;
}

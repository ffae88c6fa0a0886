// The password rule without zod: machines and forms check it as the customer types, and the app's
// first load stays free of the schemas (contract/auth.ts builds `passwordSchema` from the same parts).

export const PASSWORD_MIN_LENGTH = 10;
/** An upper bound keeps a hostile body from making the server hash megabytes. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The password rule, shared by the registration and reset forms and the server: 10 to 128 characters
 * with at least one letter and one digit (any script: `\p{L}`, `\p{Nd}`). Length is what makes a
 * password strong; the letter-and-digit rule only stops the commonest all-digit and all-word choices.
 */
export const HAS_LETTER = /\p{L}/u;
export const HAS_DIGIT = /\p{Nd}/u;

export type PasswordRequirement = 'length' | 'letter' | 'digit' | 'personal';

/** What the form or the server knows about the customer, which a password must not contain. */
export interface KnownAboutCustomer {
  email?: string;
  name?: string | null;
}

/** Shorter parts of an address or a name are too common to refuse (`ann`, `li`, `de`). */
export const PERSONAL_WORD_MIN_LENGTH = 4;

const normalised = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * The e-mail address's local part, and the words (letters only) of it and of the name, of 4 characters or
 * more, lower-cased: for `ann.smith77@x.org` those are `ann.smith77` and `smith`, what guessers try first.
 */
export function personalWords({ email = '', name = '' }: KnownAboutCustomer): string[] {
  const local = normalised(email.trim()).split('@')[0] ?? '';
  const words = [local, ...`${local} ${normalised(name ?? '')}`.split(/[^\p{L}\p{M}]+/u)];
  return [...new Set(words)].filter((word) => [...word].length >= PERSONAL_WORD_MIN_LENGTH);
}

/** The password contains the customer's e-mail address, a word of it, or a word of their name. */
export function containsPersonalWord(password: string, known: KnownAboutCustomer): boolean {
  const text = normalised(password);
  return personalWords(known).some((word) => text.includes(word));
}

/**
 * The same rule as `passwordSchema`, one requirement at a time, so forms can show each as met or
 * unmet while the customer types (and machines can check it without zod). `personal` needs what is
 * known about the customer (the schema cannot know it: the server checks it beside the strength).
 */
export function passwordRequirements(password: string, known: KnownAboutCustomer = {}): Record<PasswordRequirement, boolean> {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    letter: HAS_LETTER.test(password),
    digit: HAS_DIGIT.test(password),
    personal: !containsPersonalWord(password, known),
  };
}

export function meetsPasswordRule(password: string, known: KnownAboutCustomer = {}): boolean {
  return Object.values(passwordRequirements(password, known)).every(Boolean);
}

/**
 * The least zxcvbn score (0–4) a new password needs: 3 is "safely unguessable" (about 10^8 guesses or
 * more), against an online attack and a slow offline one. The meter on sign-up and reset and the server
 * (contract/passwordStrength.ts, same dictionaries) apply it alike.
 */
export const PASSWORD_MIN_SCORE = 3;

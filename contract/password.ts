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

export type PasswordRequirement = 'length' | 'letter' | 'digit';

/**
 * The same rule as `passwordSchema`, one requirement at a time, so forms can show each as met or
 * unmet while the customer types (and machines can check it without zod).
 */
export function passwordRequirements(password: string): Record<PasswordRequirement, boolean> {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    letter: HAS_LETTER.test(password),
    digit: HAS_DIGIT.test(password),
  };
}

export function meetsPasswordRule(password: string): boolean {
  return Object.values(passwordRequirements(password)).every(Boolean);
}

/**
 * The least zxcvbn score (0–4) a new password needs: 3 is "safely unguessable" (about 10^8 guesses or
 * more), against an online attack and a slow offline one. The meter on sign-up and reset and the server
 * (contract/passwordStrength.ts, same dictionaries) apply it alike.
 */
export const PASSWORD_MIN_SCORE = 3;

import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_SCORE } from './password';

// Heavy (the common-password list): the app loads this module lazily, beside the new-password field;
// the server imports it directly. Neither contract/index.ts nor contract/auth.ts re-exports it.

/**
 * Only the first 64 characters are judged: zxcvbn's time grows fast with length (a random 128-character
 * password took ~0.7 s on a loaded CI core, 64 took ~0.2 s), and 64 characters that pass are strong anyway.
 */
export const STRENGTH_CHECKED_LENGTH = 64;

const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: STRENGTH_CHECKED_LENGTH });

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: PasswordScore;
  /** The score reaches PASSWORD_MIN_SCORE: the server takes this password. */
  strongEnough: boolean;
}

/**
 * How hard the password is to guess, by zxcvbn with the common-password list, keyboard patterns and
 * what the customer typed elsewhere in the form (the e-mail address and its parts count as known words).
 */
export function passwordStrength(password: string, email = ''): PasswordStrength {
  const address = email.trim().toLowerCase();
  const [local = '', domain = ''] = address.split('@');
  const userInputs = [address, local, ...local.split(/[^\p{L}\p{Nd}]+/u), domain.split('.')[0] ?? ''].filter((word) => word.length >= 3);
  const { score } = estimator.check(password, userInputs);
  return { score, strongEnough: score >= PASSWORD_MIN_SCORE };
}

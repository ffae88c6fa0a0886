import type { TFunction } from 'i18next';
import type { Failure } from '../../../machines/failure';
import { failureText } from './failureText';

/** The code-step failures the SMS code steps explain in their own words (`twoFactor.codeErrors.*`). */
const SMS_CODE_FAILURES: ReadonlySet<string> = new Set(['code_malformed', 'code_invalid', 'code_expired', 'code_attempts_exceeded']);

/** The translated message of a failed SMS code check or code sending (two-factor sign-in, phone change). */
export function codeFailureMessage(t: TFunction, failure: Failure): string {
  return failureText(t, 'twoFactor.codeErrors', SMS_CODE_FAILURES, failure);
}

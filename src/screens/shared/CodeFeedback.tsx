import type { TFunction } from 'i18next';
import type { Failure } from '../../../machines/parts/failure';
import { failureText } from '../../ui/failureText';

/** The translated message of a failed SMS code check or code sending (two-factor sign-in, phone change). */
export function codeFailureMessage(t: TFunction, failure: Failure): string {
  return failureText(t, 'twoFactor.codeErrors', failure);
}

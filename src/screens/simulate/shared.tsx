import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFailure } from '../../../machines/parts/failure';
import { failureText } from '../../ui/failureText';
import type { ParsedAmount } from '../../ui/money';

/** An amount field's value before anything is typed. */
export const NO_AMOUNT: ParsedAmount = { ok: false, error: 'empty' };

/** Runs `reset` once for each new answer of a write (a form emptied after a success), while rendering. */
export function useOnAnswer(answer: unknown, reset: () => void): void {
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    if (answer !== null) reset();
  }
}

/** A demo tool the server does not have (demo mode off, or not an admin): the page does not exist. */
export const isMissing = (error: unknown) => toFailure(error).status === 404;

/** A failed demo tool's call in words (`simulate.failures`), or null when none failed. */
export function useFailureText(): (error: unknown) => string | null {
  const { t } = useTranslation();
  return (error) => (error ? failureText(t, 'simulate.failures', toFailure(error)) : null);
}

import type { TFunction } from 'i18next';
import { EARLIEST_DAY, LATEST_DAY, isDayInRange } from '../../contract/common';
import type { Locale } from '../../contract';
import { formatDate } from '../i18n/format';

/** What a date field offers: the days the server takes (contract/common.ts), so the picker stays inside them. */
export const DAY_FIELD_BOUNDS = { min: EARLIEST_DAY, max: LATEST_DAY } as const;

/** The error for days typed outside that range (`0001-…`), or undefined when every given day is inside. */
export function dayOutOfRangeError(t: TFunction, locale: Locale, ...days: (string | null)[]): string | undefined {
  if (days.every((day) => !day || isDayInRange(day))) return undefined;
  const asDate = (day: string) => formatDate(new Date(`${day}T00:00:00`), locale);
  return t('dates.outOfRange', { earliest: asDate(EARLIEST_DAY), latest: asDate(LATEST_DAY) });
}

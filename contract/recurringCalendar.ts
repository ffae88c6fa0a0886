import type { RecurringFrequency } from './recurringBuys';

/** When a plan runs: its frequency and, weekly, its ISO weekday (1 Monday … 7 Sunday), monthly, its day of the month. */
export interface Schedule {
  frequency: RecurringFrequency;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day (`YYYY-MM-DD`) it is at `at` in `timeZone`, by Intl's time-zone data. A plan's run is
 * keyed by this day, never by an hour: a day of 23 or 25 hours (a DST change) is still one day, so a run
 * is neither doubled nor lost around a change.
 */
export function localDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => format.formatToParts(at).find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Calendar arithmetic on a day (no time zone involved: a day is a day). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whether the plan runs on this day: a monthly plan on the 29th–31st runs on the last day of shorter months. */
export function isDue(schedule: Schedule, day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  if (schedule.frequency === 'weekly') return (date.getUTCDay() || 7) === schedule.dayOfWeek;
  if (schedule.frequency === 'monthly') {
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    return date.getUTCDate() === Math.min(schedule.dayOfMonth!, lastDay);
  }
  return true;
}

/** The first day on or after `from` the plan runs on (within a month and a day, which every schedule has). */
export function nextDue(schedule: Schedule, from: string): string {
  let day = from;
  while (!isDue(schedule, day)) day = addDays(day, 1);
  return day;
}

/** The first run of a plan set up on `today` (its time zone's day): plans start the next day, as the server sets them up. */
export const firstRun = (schedule: Schedule, today: string): string => nextDue(schedule, addDays(today, 1));

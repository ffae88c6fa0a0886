/** Minutes `timeZone`'s clocks are ahead of UTC at `at` (negative west of Greenwich). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * When a calendar day (`2026-03-29`) begins in `timeZone`. The offset is read twice: the one at UTC
 * midnight may differ from the one at local midnight when the clocks change that night.
 */
export function dayStart(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const guess = midnight - zoneOffsetMinutes(new Date(midnight), timeZone) * 60_000;
  return new Date(midnight - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** ISO 8601 to the second, as the clocks of `timeZone` showed it, with their offset: `2026-03-29T10:15:00+02:00`. */
export function zonedIso(at: Date, timeZone: string): string {
  const offset = zoneOffsetMinutes(at, timeZone);
  const wall = new Date(Math.floor(at.getTime() / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  return `${wall}${offset < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

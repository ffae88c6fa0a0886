import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { readFilters, toQuery } from '../src/screens/shared/activities/filters';
import { dayOutOfRangeError } from '../src/ui/dayBounds';
import { activitiesQuerySchema } from '../contract/activities';
import ar from '../locales/ar.json';
import en from '../locales/en.json';

async function tFor(lng: 'en' | 'ar', translation: object) {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { [lng]: { translation } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('days outside the years the server takes', () => {
  it('are named with both ends, written for the locale', async () => {
    expect(dayOutOfRangeError(await tFor('en', en), 'en', '0001-01-01', '2026-03-01')).toBe(
      'Choose a day from Jan 1, 2000 to Dec 31, 2999.',
    );
    expect(dayOutOfRangeError(await tFor('ar', ar), 'ar', '2026-03-01', '9999-12-31')).toMatch(/^اختر يومًا من .+ إلى .+\.$/);
  });

  it('leave days inside, and empty fields, without an error', async () => {
    const t = await tFor('en', en);
    expect(dayOutOfRangeError(t, 'en', '2000-01-01', '2999-12-31', null)).toBeUndefined();
  });

  it('drop out of a hand-edited activity link, so the list still opens', () => {
    const filters = readFilters(new URLSearchParams('from=0000-01-01&to=9999-12-31'));
    expect([filters.from, filters.to]).toEqual([null, null]);
  });

  it('at either end still convert to instants the server takes, from the zones farthest from UTC', () => {
    // The first day starts at 1999-12-31T10:00Z in UTC+14; the day after the last starts at 3000-01-01T12:00Z in UTC−12.
    for (const bound of [
      { from: '1999-12-31T10:00:00.000Z' },
      { to: '3000-01-01T12:00:00.000Z' },
      toQuery(readFilters(new URLSearchParams('from=2000-01-01&to=2999-12-31')), 'en'),
    ]) {
      expect(activitiesQuerySchema.safeParse(bound).success, JSON.stringify(bound)).toBe(true);
    }
  });
});

import {
  ACTIVITY_SEARCH_MAX_LENGTH,
  activityStatusSchema,
  activityTypeSchema,
  type ActivitiesQuery,
  type ActivityStatus,
  type ActivityType,
} from '../../../../contract/activities';
import type { Locale } from '../../../../contract';
import { isDayInRange } from '../../../../contract/common';
import { parseAmount } from '../../../ui/money';

/**
 * What the customer asked the activity list for, as it stands in the page's URL (`?q=…&accountId=…`),
 * so a link opens the list filtered and back and forward step through the searches. Dates are days
 * (`2026-11-25`), both ends included, in the customer's own time zone.
 */
export interface ActivityFilters {
  q: string;
  accountId: string | null;
  type: ActivityType | null;
  status: ActivityStatus | null;
  from: string | null;
  to: string | null;
}

export const FILTER_KEYS = ['accountId', 'type', 'status', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day that exists (no 2026-02-31) in the years the server takes, else null. */
function day(text: string | null): string | null {
  const match = text ? DAY.exec(text) : null;
  if (!match || !isDayInRange(text!)) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const local = new Date(year, month - 1, date);
  return local.getFullYear() === year && local.getMonth() === month - 1 && local.getDate() === date ? text : null;
}

/** A hand-edited or outdated URL loses only the parts that make no sense; the list still opens. */
export function readFilters(params: URLSearchParams): ActivityFilters {
  const accountId = params.get('accountId');
  const type = activityTypeSchema.safeParse(params.get('type'));
  const status = activityStatusSchema.safeParse(params.get('status'));
  return {
    q: (params.get('q') ?? '').slice(0, ACTIVITY_SEARCH_MAX_LENGTH),
    accountId: accountId && UUID.test(accountId) ? accountId.toLowerCase() : null,
    type: type.success ? type.data : null,
    status: status.success ? status.data : null,
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

/** The URL's query for these filters; empty ones are left out, other parameters kept. */
export function writeFilters(filters: ActivityFilters, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const q = filters.q.trim();
  if (q) next.set('q', q);
  else next.delete('q');
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export function activeFilterCount(filters: ActivityFilters): number {
  return FILTER_KEYS.filter((key) => filters[key] !== null).length;
}

function startOfDay(text: string, plusDays = 0): string {
  const [year, month, date] = text.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + plusDays).toISOString();
}

/**
 * The server's query for the filters. An amount typed the locale's way (`12,50` in German, Arabic-Indic
 * digits) is sent as the decimal the server compares (`12.5`); other text as typed. `to` is the end of
 * that day (the server's `to` is exclusive). A range typed backwards is read the right way round.
 */
export function toQuery(filters: ActivityFilters, locale: Locale): Partial<ActivitiesQuery> {
  const query: Partial<ActivitiesQuery> = {};
  const q = filters.q.trim();
  if (q) {
    const amount = parseAmount(q.replace(/^[-+−]/, ''), locale, 18);
    query.q = amount.ok ? amount.value : q;
  }
  if (filters.accountId) query.accountId = filters.accountId;
  if (filters.type) query.type = filters.type;
  if (filters.status) query.status = filters.status;
  const [from, to] = filters.from && filters.to && filters.from > filters.to ? [filters.to, filters.from] : [filters.from, filters.to];
  if (from) query.from = startOfDay(from);
  if (to) query.to = startOfDay(to, 1);
  return query;
}

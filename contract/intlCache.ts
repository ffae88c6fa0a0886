/**
 * Intl formatters, one per language tag and options. Creating one loads the locale's data and costs far
 * more than formatting with it (a list of amounts or dates made one per row: about a third of the
 * processor time of /profile/security's first render); formatting with a kept one gives the same text.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<T>(cache: Map<string, T>, tag: string, options: object | undefined, make: () => T): T {
  const key = `${tag} ${JSON.stringify(options ?? {})}`;
  let formatter = cache.get(key);
  if (!formatter) cache.set(key, (formatter = make()));
  return formatter;
}

export const numberFormat = (tag: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  cached(numberFormats, tag, options, () => new Intl.NumberFormat(tag, options));

export const dateTimeFormat = (tag: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached(dateTimeFormats, tag, options, () => new Intl.DateTimeFormat(tag, options));

/** A user agent, as the security page names it: "Chrome" on "macOS". Null for what is not recognised. */
export interface DeviceSummary {
  browser: string | null;
  os: string | null;
}

// Order matters: Edge, Opera and Samsung Internet also call themselves Chrome and Safari; Chrome also
// calls itself Safari. Only the families a customer would recognise; versions change too often to help.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A few patterns are enough for a readable summary; a full parser (and its monthly data updates) would
 * add nothing the customer needs to tell their own devices apart.
 */
export function describeDevice(userAgent: string | null | undefined): DeviceSummary {
  const ua = userAgent ?? '';
  const find = (table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  return { browser: find(BROWSERS), os: find(SYSTEMS) };
}

import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../../machines/routeGuard/routeGuard.machine';

/**
 * Issue 21, item 14: the page a sign-in returns to (`?redirect=`) is followed only when it stays on
 * this site. `safeRedirectPath('/..//evil.test')` answered `//evil.test`, which a browser opens as
 * https://evil.test. Every answer is now a path of this origin that does not start a host, checked
 * after the browser's own resolution of dot segments.
 */
const HOSTILE = [
  '/..//evil.test',
  '/../..//evil.test/x',
  '/./..//evil.test',
  '/.%2e//evil.test',
  '/%2e%2e//evil.test',
  '/a/../..//evil.test',
  '//evil.test',
  '///evil.test',
  '/\\evil.test',
  '/\\/evil.test',
  '/%2F%2Fevil.test',
  '/%2f/evil.test',
  '/%5Cevil.test',
  '/%5c%5cevil.test',
  '/\t/evil.test',
  '/\n/evil.test',
  '/\r\n/evil.test',
  '/\u0000/evil.test',
  'https://evil.test',
  'javascript:alert(1)',
  '\\\\evil.test',
  ' /evil',
  '',
];

/** Where a browser on https://meridian.example goes when sent to `path`. */
const landsOn = (path: string) => new URL(path, 'https://meridian.example/some/page').origin;

describe('safeRedirectPath (issue 21, item 14)', () => {
  it.each(HOSTILE)('refuses %j', (raw) => {
    expect(safeRedirectPath(raw)).toBeNull();
  });

  it.each([
    ['/accounts', '/accounts'],
    ['/de/accounts?tab=crypto#top', '/de/accounts?tab=crypto#top'],
    ['/a/b/../c', '/a/c'],
    ['/../accounts', '/accounts'],
    ['/pay/%2F', '/pay/%2F'],
  ])('keeps %j on this site as %j', (raw, path) => {
    expect(safeRedirectPath(raw)).toBe(path);
  });

  it('never answers a path that leaves the site, for any of these inputs however they are combined', () => {
    const pieces = ['/', '..', '.', '%2e', '\\', '%2f', '%5c', 'evil.test', '?', '#', '@', ':'];
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const safe = safeRedirectPath(`/${a}${b}${c}`);
          if (safe !== null) expect(landsOn(safe), `/${a}${b}${c} → ${safe}`).toBe('https://meridian.example');
          if (safe !== null) expect(safe).not.toMatch(/^\/(\/|\\|%2f|%5c)/i);
        }
  });
});

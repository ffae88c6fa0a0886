import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** docs/design.md#accessibility: the WCAG 2.2 AA rules. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * What axe-core finds on the page, as `rule: elements` lines (none: the screen passes). Every journey checks
 * through here, so every check runs the same rules the same way.
 * - `include`: only this part of the page (a selector), when the rest is checked elsewhere.
 * - `everyRule`: axe's best practices too (landmarks, heading order), not only the WCAG rules.
 *
 * Legacy mode runs axe in the page itself. The default opens a blank page for each check to merge the
 * results of the page's frames, which the app has none of; that was about half of each check's time (on
 * /login 0.8 s → 0.35 s).
 */
export async function axeViolations(
  page: Page,
  { include, everyRule = false }: { include?: string; everyRule?: boolean } = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (!everyRule) builder = builder.withTags(WCAG_AA);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fails the test with every violation axe-core finds on the page (`axeViolations`' options). */
export async function expectNoAxeViolations(page: Page, options?: Parameters<typeof axeViolations>[1]): Promise<void> {
  expect(await axeViolations(page, options)).toEqual([]);
}

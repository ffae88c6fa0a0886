import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * docs/design.md#accessibility: axe-core reports no violations on any screen (WCAG 2.2 AA rules).
 * `include`: only this part of the page (a selector), when the rest is checked elsewhere.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

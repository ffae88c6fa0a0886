import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** docs/design.md#accessibility: axe-core reports no violations on any screen (WCAG 2.2 AA rules). */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

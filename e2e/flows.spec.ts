import { readFileSync } from 'node:fs';
import { catalog } from '../tests/models/catalog';
import { arrowsOffBoxes } from '../src/flows/clusterEdges';
import { collapsibleStates, defaultCollapsed } from '../src/flows/collapse';
import { describeEntry } from '../src/flows/describe';
import { toMermaid } from '../src/flows/mermaid';
import { expect, screenReady, test } from './fixtures';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { pairRuns, saveScreenshot } from './screenshots';

/** Diagrams of a kind no overview has: the most arrows into compound states, the reusable write machine, a flat machine of many transitions. */
const SHAPES = new Set(['acceptTerms', 'issueCard', 'biometric']);

/** The explorer's diagram for the selected machine, once Mermaid has drawn it. */
async function diagramReady(page: Page) {
  const svg = page.getByTestId('flow-diagram').locator('svg');
  await expect(svg).toBeVisible();
  await expect(svg.locator('g.node').first()).toBeAttached();
  return svg;
}

test.describe('flow explorer', () => {
  test('/flows lists every catalogued machine and opens signed out', async ({ page }) => {
    await page.goto('/flows');
    await screenReady(page);
    await expect(page).toHaveURL(/\/flows$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Flow explorer' })).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Machines' });
    await expect(list.getByRole('link')).toHaveCount(catalog.length);
    for (const entry of catalog) {
      const link = page.getByTestId(`flow-link-${entry.id}`);
      await expect(link).toContainText(entry.title);
      await expect(link).toContainText(entry.summary.slice(0, 30));
    }
    // The e2e server runs in demo mode: the live view is on, and a screen's flow started in another tab
    // (the sign-in's, through useFlowActor) shows in it; its recording replays step by step.
    const other = await page.context().newPage();
    await other.goto('/login');
    await screenReady(other);
    const panel = page.getByTestId('flow-live-panel');
    await expect(panel.getByTestId('flow-live-actors').locator('tr[data-machine="login"]')).toBeVisible();
    await expect(panel.getByTestId('flow-live-sequence')).toContainText('xstate.init');
    // Both tabs run the app's actors (this one and the sign-in's): each tab's are listed under its own heading,
    // and the log and the sequence narrow to one actor and what it sent.
    await expect(panel.getByTestId('flow-live-tab')).toHaveCount(2);
    await expect(panel.getByTestId('flow-live-actors').locator('tr[data-machine="session"]')).toHaveCount(2);
    await panel.getByTestId('flow-live-filter').selectOption({ label: 'login' });
    const logged = panel.getByTestId('flow-live-events').locator('tbody tr');
    await expect(logged.first()).toBeVisible();
    for (const row of await logged.all()) await expect(row).toContainText('login');
    await panel.getByTestId('flow-live-filter').selectOption('');
    const download = page.waitForEvent('download');
    await panel.getByTestId('flow-live-export').click();
    const recorded = readFileSync(await (await download).path(), 'utf8');
    expect(JSON.parse(recorded)).toMatchObject({
      format: 'meridian-flow-session/1',
      actors: expect.arrayContaining([expect.objectContaining({ machineId: 'login' })]),
    });
    await panel
      .locator('input[type=file]')
      .setInputFiles({ name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(recorded) });
    await expect(panel.getByTestId('flow-replay-status')).toContainText('step 1 of');
    await panel.getByTestId('flow-replay-next').click();
    await expect(panel.getByTestId('flow-replay-status')).toContainText('step 2 of');
    await expect(page.getByTestId('flow-live')).toContainText('Live:');
    expect(await axeViolations(page, { include: '.flow-live-panel' })).toEqual([]);
    await other.close();
  });

  test('opens signed in too, in every locale prefix', async ({ page, signIn }) => {
    await signIn('de');
    await page.goto('/de/flows');
    await screenReady(page);
    await expect(page).toHaveURL(/\/de\/flows$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ablauf-Explorer');
  });

  // `npm run flows` draws every machine's diagram with the explorer's Mermaid set-up and refuses a missing
  // state, a misplaced edge label or an arrow off its box; here the explorer draws the machines whose
  // diagrams differ in kind — every overview, the most arrows into compound states, the reusable write
  // machine and a flat machine of many transitions — in two groups spread over the workers; within a group
  // the explorer's own links switch machines, so the page and Mermaid load once per group.
  const DRAWN = catalog.filter((entry) => defaultCollapsed(describeEntry(entry)).length > 0 || SHAPES.has(entry.id));
  const GROUPS = 2;
  for (let group = 0; group < GROUPS; group++) {
    const entries = DRAWN.filter((_, index) => index % GROUPS === group);
    test(`diagrams render from the converter’s Mermaid source, edge for edge: ${entries.map((e) => e.id).join(', ')}`, async ({ page }) => {
      // Mermaid lays out three of the largest diagrams, each twice, on a loaded machine.
      test.slow();
      await page.goto(`/flows?machine=${entries[0]!.id}`);
      for (const entry of entries) {
        await test.step(entry.id, async () => {
          if (entry !== entries[0]) await page.getByTestId(`flow-link-${entry.id}`).click();
          await expect(page.getByTestId('flow-detail')).toHaveAttribute('data-flow', entry.id, { timeout: 60_000 });
          const model = describeEntry(entry);
          // A large machine opens as an overview: opened whole, it draws what docs/flows draws.
          if (defaultCollapsed(model).length > 0) await page.getByRole('button', { name: 'Open all' }).click();
          const svg = await diagramReady(page);
          const diagram = toMermaid(model);
          // The very source committed in docs/flows/<id>.md (npm run flows:check keeps that one current).
          const committed = readFileSync(`docs/flows/${entry.id}.md`, 'utf8').split('```mermaid\n')[1]!.split('```')[0];
          await expect(page.getByTestId('flow-source')).toHaveText(committed!); // waits for this machine's source
          expect(await page.getByTestId('flow-source').textContent()).toBe(committed); // and byte for byte
          // Every state has its node (which also tells this machine's drawing replaced the one before), and
          // every labelled edge sits where the explorer will look for it. Read in one call each, not one
          // round trip per node and edge (a fifth of the run's time for this test on a busy machine).
          const nodeIds = Object.values(diagram.nodeIds);
          const missingNodes = () =>
            svg.evaluate(
              (root, { id, nodeIds }) =>
                nodeIds.filter((nodeId) => !root.querySelector(`g[id^="flow-${id}-state-${nodeId}-"], g[data-id="${nodeId}"]`)),
              { id: entry.id, nodeIds },
            );
          await expect.poll(missingNodes, { message: `${entry.id}: states without a node` }).toEqual([]);
          const labelled = diagram.edges.filter((e) => e.label);
          const shown = await svg.evaluate(
            (root, domIds) => domIds.map((domId) => root.querySelector(`g.label[data-id="${domId}"]`)?.textContent ?? null),
            labelled.map((edge) => edge.domId),
          );
          const asShown = Object.fromEntries(labelled.map((edge, i) => [edge.domId, shown[i]?.replace(/\s+/g, '')]));
          const asDrawn = Object.fromEntries(labelled.map((edge) => [edge.domId, edge.label.replace(/<br\/>/g, '').replace(/\s+/g, '')]));
          expect(asShown, `${entry.id}: edge labels`).toEqual(asDrawn);
          const edges = diagram.edges.map(({ domId, from, to }) => ({ domId, from, to }));
          expect(await svg.evaluate(arrowsOffBoxes, edges), `${entry.id}: arrows off their compound boxes`).toEqual([]);
          await expect(page.getByTestId('flow-states').locator('tbody tr')).toHaveCount(model.states.length - 1);
          await expect(page.getByTestId('flow-transitions').locator('tbody tr')).toHaveCount(model.transitions.length);
        });
      }
    });
  }

  test('choosing a path and stepping through it highlights the states and transitions', async ({ page }) => {
    await page.goto('/flows?machine=routeGuard');
    const svg = await diagramReady(page);
    // Opens at a readable zoom: labels drawn at 12 px or more on screen.
    const labelPx = await svg
      .locator('g.edgeLabel text')
      .first()
      .evaluate((text) => {
        const drawing = text.closest('svg')!;
        return parseFloat(getComputedStyle(text).fontSize) * (drawing.getBoundingClientRect().width / drawing.viewBox.baseVal.width);
      });
    expect(labelPx).toBeGreaterThanOrEqual(12);
    // Zoom and pan from the keyboard on the focused drawing, with the mouse, and with the named buttons.
    const level = page.getByTestId('flow-zoom-level');
    const canvas = page.getByTestId('flow-diagram');
    await expect(level).toHaveText('100%');
    await canvas.focus();
    await page.keyboard.press('+');
    await expect(level).toHaveText('125%');
    await page.keyboard.press('0');
    await expect(level).toHaveText('100%');
    await page.keyboard.press('-');
    await expect(level).toHaveText('85%');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(level).toHaveText('100%');
    await canvas.hover();
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await expect(level).toHaveText('125%');
    for (const next of ['150%', '200%', '300%']) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await expect(level).toHaveText(next);
    }
    await expect(page.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    await canvas.focus();
    const scrolled = () => canvas.evaluate((element) => element.scrollLeft);
    const before = await scrolled();
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrolled).toBeGreaterThan(before);
    await page.getByRole('button', { name: 'Reset zoom' }).click();
    await expect(level).toHaveText('100%');
    const select = page.getByTestId('flow-path-select');
    const options = await select.locator('option').count();
    expect(options).toBeGreaterThan(1);
    await select.selectOption({ index: 1 });
    const status = page.getByTestId('flow-step-status');
    await expect(status).toHaveText(/^Step 1 of \d+$/);
    // The start: the initial state is current, the arrow into it is the current edge.
    await expect(svg.locator('g.node.flow-node--current')).toHaveCount(1);
    await expect(svg.locator('g.node.flow-node--current')).toHaveAttribute('id', /-state-idle-\d+$/);

    await page.getByTestId('flow-next').click();
    await expect(status).toHaveText(/^Step 2 of \d+$/);
    await expect(svg.locator('g.node.flow-node--current')).toHaveAttribute('id', /-state-lookingUpRouteRules-\d+$/);
    await expect(svg.locator('path.flow-edge--current')).toHaveCount(1);
    await expect(svg.locator('g.node.flow-node--visited')).not.toHaveCount(0);
    await expect(page.locator('.flow-step[aria-current="step"]')).toContainText('NAVIGATED');

    await page.getByTestId('flow-next').click();
    await expect(status).toHaveText(/^Step 3 of \d+$/);
    await expect(svg.locator('path.flow-edge--taken')).not.toHaveCount(0);
    await expect(page.getByTestId('flow-transitions').locator('tr.is-current')).not.toHaveCount(0);
    await page.locator('.flow-player').getByRole('button', { name: 'Previous' }).click();
    await expect(status).toHaveText(/^Step 2 of \d+$/);
  });

  test('/ar/flows is right-to-left, with the diagram left-to-right', async ({ page }) => {
    await page.goto('/ar/flows');
    await screenReady(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('مستكشف التدفقات');
    await diagramReady(page);
    await expect(page.getByTestId('flow-diagram')).toHaveAttribute('dir', 'ltr');
    const list = await page.getByTestId('flow-list').boundingBox();
    const detail = await page.getByTestId('flow-detail').boundingBox();
    const width = page.viewportSize()!.width;
    // Wide screens: the machine list sits at the inline start, the right side in rtl.
    if (width >= 1024) expect(list!.x).toBeGreaterThan(detail!.x);
  });
});

const VIEWPORTS = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

/** The large machines, each opening as an overview with one part closed. */
const OVERVIEWS = ['transfer', 'stepUp', 'registration'] as const;
/**
 * Photographed all three for people to look at; in CI (no screenshots) the opening and closing are checked
 * on the first only — they work alike for all.
 */
const CHECKED = process.env.E2E_SCREENSHOTS === 'off' ? OVERVIEWS.slice(0, 1) : OVERVIEWS;

for (const locale of ['en', 'ar'] as const) {
  for (const viewport of VIEWPORTS.filter((v) => pairRuns(locale, v.width))) {
    test(`flow explorer screenshots ${locale} ${viewport.name}: ${CHECKED.join(', ')}, overview then opened`, async ({ page }) => {
      // Mermaid lays out three of the largest diagrams, each twice, on a loaded machine.
      test.slow();
      await page.setViewportSize(viewport);
      await page.goto(`${locale === 'en' ? '' : `/${locale}`}/flows?machine=${OVERVIEWS[0]}`);
      await screenReady(page);
      for (const id of CHECKED) {
        await test.step(id, async () => {
          if (id !== CHECKED[0]) await page.getByTestId(`flow-link-${id}`).click();
          const svg = await diagramReady(page);
          const model = describeEntry(catalog.find((e) => e.id === id)!);
          const [part] = collapsibleStates(model);
          const toggle = page.getByTestId('flow-parts').getByRole('button').first();
          const closedBox = svg.locator(`g.node.flow-node--closed[id^="flow-${id}-state-"]`);
          await expect(closedBox).toHaveCount(1);
          await expect(toggle).toHaveAttribute('aria-pressed', 'false');
          await page.evaluate(() => window.scrollTo(0, 0));
          await saveScreenshot(page, {
            path: `reports/screenshots/${locale}-${viewport.name}-flows-${id}.png`,
            fullPage: true,
            animations: 'disabled',
          });
          // A click on the closed box opens it; the button says so, and closes it again from the keyboard.
          await closedBox.click();
          const opened = svg.locator(`g.statediagram-cluster[data-id="${toMermaid(model).nodeIds[part!.id]}"]`);
          await expect(opened).toBeVisible();
          await expect(toggle).toHaveAttribute('aria-pressed', 'true');
          await page.evaluate(() => window.scrollTo(0, 0));
          await saveScreenshot(page, {
            path: `reports/screenshots/${locale}-${viewport.name}-flows-${id}-open.png`,
            fullPage: true,
            animations: 'disabled',
          });
          await toggle.focus();
          await page.keyboard.press('Enter');
          await expect(closedBox).toHaveCount(1);
          await expect(toggle).toHaveAttribute('aria-pressed', 'false');
        });
      }
      // The diagram's own controls (zoom, parts, stepper) pass axe; the whole page is checked in accessibility.spec.ts.
      expect(await axeViolations(page, { include: '.flow-diagram' })).toEqual([]);
    });
  }
}

import { chromium, type Browser } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { arrowsOffBoxes, attachClusterEdges } from '../../src/flows/clusterEdges';
import { toMermaid } from '../../src/flows/mermaid';
import { mermaidConfig } from '../../src/flows/mermaidConfig';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { svgHeader, type FlowDoc } from './docs';

/**
 * Renders each flow's Mermaid source to SVG in a blank page of the system Chromium, with Mermaid's own
 * dist bundle from node_modules: no server, no network (every request is refused).
 */
export async function renderFlowSvgs(docs: readonly FlowDoc[], root: string): Promise<Map<string, string>> {
  const bundle = readFileSync(join(root, 'node_modules/mermaid/dist/mermaid.min.js'), 'utf8');
  let browser: Browser | null = null;
  const out = new Map<string, string>();
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1600, height: 1200 }, deviceScaleFactor: 1 });
    await context.route('**/*', (route) => route.abort());
    for (const doc of docs) {
      // A fresh page per diagram: Mermaid's id counters start from the seed every time.
      const page = await context.newPage();
      await page.setContent('<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>');
      await page.addScriptTag({ content: bundle });
      // tsx keeps function names by wrapping them in `__name(…)`: the page gets a `__name` that does nothing,
      // so attachClusterEdges (passed in as text) runs there as written.
      await page.evaluate('window.__name = (fn) => fn');
      const { edges, nodeIds } = toMermaid(doc.model);
      const expectedLabels = edges.map((edge) => ({ domId: edge.domId, label: edge.label }));
      const { svg, mismatches, offBoxes, missingNodes } = await page.evaluate(
        async ({ id, source, config, expectedLabels, edges, nodeIds, attach, offBox }) => {
          // Mermaid names the last region of a parallel state with Math.random(): seed it by the machine id.
          let seed = [...id].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
          Math.random = () => {
            seed = (seed + 0x6d2b79f5) >>> 0;
            let t = seed;
            t = Math.imul(t ^ (t >>> 15), t | 1);
            t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
            return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
          };
          const mermaid = (window as unknown as { mermaid: typeof import('mermaid').default }).mermaid;
          mermaid.initialize(config);
          const { svg: drawn } = await mermaid.render(`flow-${id}`, source);
          // The explorer finds edges by Mermaid's edge ids: check they are where the converter says.
          const host = document.createElement('div');
          host.innerHTML = drawn;
          document.body.append(host);
          // Laid out in the page now: arrows into and out of compound states are made to touch their boxes.
          const drawing = host.querySelector('svg')!;
          (new Function(`return ${attach}`)() as typeof attachClusterEdges)(drawing, edges);
          const offBoxes = (new Function(`return ${offBox}`)() as typeof arrowsOffBoxes)(drawing, edges);
          const svg = host.innerHTML;
          // Every state has its node: a leaf its group, a compound state its box.
          const missingNodes = nodeIds.filter(
            (nodeId) => !drawing.querySelector(`g[id^="flow-${id}-state-${nodeId}-"], g[data-id="${nodeId}"]`),
          );
          // (No named helpers in here: tsx would wrap them in a `__name` call the page does not know.)
          const mismatches = expectedLabels
            .filter(({ label }) => label !== '')
            .flatMap(({ domId, label }) => {
              const found = host.querySelector(`g.label[data-id="${domId}"]`)?.textContent ?? '(none)';
              const same = found.replace(/\s+/g, '') === label.replace(/<br\/>/g, '').replace(/\s+/g, '');
              return same ? [] : [`${domId}: expected "${label}", found "${found}"`];
            });
          host.remove();
          return { svg, mismatches, offBoxes, missingNodes };
        },
        {
          id: doc.entry.id,
          source: doc.mermaid,
          config: mermaidConfig(doc.entry.id),
          expectedLabels,
          edges,
          nodeIds: Object.values(nodeIds),
          attach: attachClusterEdges.toString(),
          offBox: arrowsOffBoxes.toString(),
        },
      );
      if (mismatches.length > 0) {
        throw new Error(`${doc.entry.id}: Mermaid numbered the edges differently than the converter:\n${mismatches.join('\n')}`);
      }
      if (missingNodes.length > 0) throw new Error(`${doc.entry.id}: states Mermaid did not draw: ${missingNodes.join(', ')}`);
      if (offBoxes.length > 0) {
        throw new Error(`${doc.entry.id}: arrows that do not end on their compound states' boxes:\n${offBoxes.join('\n')}`);
      }
      await page.close();
      out.set(doc.entry.id, `${svgHeader(doc)}\n${withBackground(svg)}\n`);
    }
  } finally {
    await browser?.close();
  }
  return out;
}

/** A white page behind the drawing, so the file reads on dark viewers too (GitHub's dark theme). */
function withBackground(svg: string): string {
  return svg.replace(/^<svg([^>]*?) style="([^"]*)"/, (_, attrs: string, style: string) => {
    const trimmed = style.trim().replace(/;?$/, ';');
    return `<svg${attrs} style="${trimmed} background-color: #ffffff;"`;
  });
}

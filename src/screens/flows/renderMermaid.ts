import { attachClusterEdges, type ClusterEdge } from '../../flows/clusterEdges';
import { mermaidConfig, type FlowPalette } from '../../flows/mermaidConfig';

/** The design tokens of the page, so diagrams follow the light or dark theme. */
function pagePalette(): FlowPalette {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    dark: window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
    background: token('--surface', '#ffffff'),
    surface: token('--surface', '#ffffff'),
    sunken: token('--surface-sunken', '#f6f7f9'),
    border: token('--n-4', '#c4cad3'),
    text: token('--text', '#11151b'),
    muted: token('--text-muted', '#4f5866'),
    accent: token('--accent', '#0b6b6f'),
    accentSoft: token('--accent-soft', '#e3f2f2'),
    // Neutral boxes: the explorer colours visited and current states with the accent.
    stateFill: token('--surface', '#ffffff'),
    stateBorder: token('--n-6', '#6b7584'),
  };
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The class our stylesheet (flows.css) styles Mermaid's drawings under, while drawn and once shown. */
export const MERMAID_SCOPE = 'flow-mermaid';

let queue: Promise<unknown> = Promise.resolve();

/**
 * Draws a Mermaid source to SVG with the `mermaid` package, loaded on first use (its own chunks, fetched
 * only by the flow explorer). One render at a time: Mermaid's configuration is global.
 *
 * Not `mermaid.render`: it always puts a generated <style> element into the page, which the
 * Content-Security-Policy (no inline style elements) refuses. The diagram is parsed and drawn by
 * Mermaid's own renderer into a scratch SVG in the page (laid out, because the layout measures
 * text), styled by our stylesheet under MERMAID_SCOPE instead. Arrows into and out of compound
 * states are then made to touch their boxes, as in docs/flows (src/flows/clusterEdges.ts).
 */
export function renderMermaid(id: string, source: string, edges: readonly ClusterEdge[]): Promise<string> {
  const run = async () => {
    const { default: mermaid } = await import('mermaid');
    mermaid.initialize(mermaidConfig(id, pagePalette()));
    const diagram = await mermaid.mermaidAPI.getDiagramFromText(source);
    const svgId = `flow-${id}`;
    const scratch = document.createElement('div');
    scratch.className = `${MERMAID_SCOPE} flow-mermaid-scratch`;
    scratch.setAttribute('aria-hidden', 'true');
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.id = svgId;
    svg.setAttribute('width', '100%');
    svg.append(document.createElementNS(SVG_NS, 'g'));
    scratch.append(svg);
    document.body.append(scratch);
    try {
      // The version argument only shows in Mermaid's own error drawing.
      await diagram.renderer.draw(source, svgId, '', diagram);
      attachClusterEdges(svg, edges);
      return svg.outerHTML;
    } finally {
      scratch.remove();
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

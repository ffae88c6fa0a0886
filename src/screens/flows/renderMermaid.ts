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

let queue: Promise<unknown> = Promise.resolve();

/**
 * Draws a Mermaid source to SVG with the `mermaid` package, loaded on first use (its own chunks, fetched
 * only by the flow explorer). One render at a time: Mermaid's configuration is global.
 */
export function renderMermaid(id: string, source: string): Promise<string> {
  const run = async () => {
    const { default: mermaid } = await import('mermaid');
    mermaid.initialize(mermaidConfig(id, pagePalette()));
    const { svg } = await mermaid.render(`flow-${id}`, source);
    return svg;
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagramHighlight } from '../../flows/highlight';
import type { MermaidDiagram } from '../../flows/mermaid';
import { Icon } from '../../ui/Icon';
import { Button } from '../../ui/Button';
import { MERMAID_SCOPE, renderMermaid } from './renderMermaid';
import { LIVE_AVAILABLE } from './useLive';

/** Zoom steps: 1 is the drawing's own size, where labels are Mermaid's 14 px (readable, so the default). */
const ZOOMS = [0.25, 0.35, 0.5, 0.7, 0.85, 1, 1.25, 1.5, 2, 3] as const;
const DEFAULT_ZOOM = ZOOMS.indexOf(1);
/** How far an arrow key moves the drawing, in CSS pixels. */
const PAN_STEP = 48;

const NODE_CLASSES = ['flow-node--current', 'flow-node--visited', 'flow-node--live'] as const;
const EDGE_CLASSES = ['flow-edge--current', 'flow-edge--taken'] as const;

interface Rendered {
  source: string;
  svg: string | null;
  error: string | null;
}

/** Mermaid node elements by node id: `g.node` (`flow-<id>-state-<node>-<n>`) and composite `g.cluster`s. */
function indexNodes(root: HTMLElement, flowId: string): Map<string, Element[]> {
  const prefix = `flow-${flowId}-state-`;
  const out = new Map<string, Element[]>();
  const add = (node: string, element: Element) => out.set(node, [...(out.get(node) ?? []), element]);
  for (const element of root.querySelectorAll('g.node[id]')) {
    const match = element.id.startsWith(prefix) ? /^(.*)-\d+$/.exec(element.id.slice(prefix.length)) : null;
    if (match?.[1]) add(match[1], element);
  }
  for (const element of root.querySelectorAll('g.statediagram-cluster[data-id]')) add(element.getAttribute('data-id')!, element);
  return out;
}

/**
 * One machine's diagram, drawn in the browser from the same Mermaid source as docs/flows, with the
 * chosen path step and the live state marked by CSS classes on Mermaid's own nodes and edges.
 */
export function Diagram({
  flowId,
  title,
  diagram,
  highlight,
  stepper,
}: {
  flowId: string;
  title: string;
  diagram: MermaidDiagram;
  highlight: DiagramHighlight;
  /** Compact previous/next next to the drawing, so stepping keeps it in view. */
  stepper?: { index: number; total: number; onStep: (index: number) => void };
}) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState<Rendered | null>(null);
  // Opens at the drawing's own size, scrolled to the current state: fitted, a wide chart is unreadable.
  const [zoom, setZoom] = useState(DEFAULT_ZOOM);
  const zoomBy = (step: number) => setZoom((z) => Math.min(ZOOMS.length - 1, Math.max(0, z + step)));
  const hintId = useId();
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  useEffect(() => {
    let cancelled = false;
    renderMermaid(flowId, diagram.source, diagram.edges).then(
      (svg) => !cancelled && setRendered({ source: diagram.source, svg, error: null }),
      (error: unknown) => !cancelled && setRendered({ source: diagram.source, svg: null, error: String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [flowId, diagram]);

  const current = rendered?.source === diagram.source ? rendered : null;

  useLayoutEffect(() => {
    const root = host.current;
    const svg = root?.querySelector('svg');
    if (!root || !svg || !current?.svg) return;
    const nodes = indexNodes(root, flowId);
    const mark = (ids: readonly string[], className: string) => {
      for (const id of ids) for (const element of nodes.get(id) ?? []) element.classList.add(className);
    };
    for (const element of root.querySelectorAll(NODE_CLASSES.map((c) => `.${c}`).join(','))) element.classList.remove(...NODE_CLASSES);
    for (const element of root.querySelectorAll(EDGE_CLASSES.map((c) => `.${c}`).join(','))) element.classList.remove(...EDGE_CLASSES);
    mark(highlight.visited, 'flow-node--visited');
    mark(highlight.current, 'flow-node--current');
    mark(highlight.live, 'flow-node--live');
    const markEdges = (ids: readonly string[], className: string) => {
      for (const id of ids) for (const element of root.querySelectorAll(`[data-id="${id}"]`)) element.classList.add(className);
    };
    markEdges(highlight.takenEdges, 'flow-edge--taken');
    markEdges(highlight.currentEdges, 'flow-edge--current');

    // The drawing at its own width times the zoom; the frame scrolls, centred on the current state.
    const width = svg.viewBox.baseVal?.width;
    svg.style.width = width ? `${Math.ceil(width * ZOOMS[zoom]!)}px` : '';
    svg.style.maxWidth = 'none';
    const focus = nodes.get(highlight.current.at(-1) ?? highlight.live.at(-1) ?? '')?.[0];
    if (focus) {
      const box = focus.getBoundingClientRect();
      const frame = root.getBoundingClientRect();
      root.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
      root.scrollTop += box.top + box.height / 2 - (frame.top + frame.height / 2);
    }
  }, [current, highlight, flowId, zoom]);

  // Ctrl + wheel zooms the drawing, not the page: a passive React listener could not prevent that.
  const hasSvg = Boolean(current?.svg);
  useEffect(() => {
    const root = host.current;
    if (!root) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      zoomBy(event.deltaY < 0 ? 1 : -1);
    };
    root.addEventListener('wheel', onWheel, { passive: false });
    return () => root.removeEventListener('wheel', onWheel);
  }, [hasSvg]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const root = event.currentTarget;
    const pans: Record<string, [number, number]> = {
      ArrowLeft: [-PAN_STEP, 0],
      ArrowRight: [PAN_STEP, 0],
      ArrowUp: [0, -PAN_STEP],
      ArrowDown: [0, PAN_STEP],
    };
    const pan = pans[event.key];
    if (pan) root.scrollBy(pan[0], pan[1]);
    else if (event.key === '+' || event.key === '=') zoomBy(1);
    else if (event.key === '-' || event.key === '−') zoomBy(-1);
    else if (event.key === '0') setZoom(DEFAULT_ZOOM);
    else return;
    event.preventDefault();
  };

  // Dragging with the mouse moves the drawing (touch keeps the browser's own scrolling).
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'mouse' || event.button !== 0) return;
    const root = event.currentTarget;
    drag.current = { x: event.clientX, y: event.clientY, left: root.scrollLeft, top: root.scrollTop };
    root.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    event.currentTarget.scrollTo(start.left - (event.clientX - start.x), start.top - (event.clientY - start.y));
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    <figure className="flow-diagram card">
      <div className="flow-diagram-toolbar">
        <figcaption className="flow-diagram-caption">{t('flows.diagram')}</figcaption>
        {stepper ? (
          <div className="flow-mini-stepper">
            <Button
              variant="icon"
              aria-label={t('flows.previous')}
              disabled={stepper.index === 0}
              onClick={() => stepper.onStep(stepper.index - 1)}
            >
              <Icon name="back" />
            </Button>
            <span className="flow-step-count">{t('flows.stepOf', { current: stepper.index + 1, total: stepper.total })}</span>
            <Button
              variant="icon"
              aria-label={t('flows.next')}
              disabled={stepper.index === stepper.total - 1}
              onClick={() => stepper.onStep(stepper.index + 1)}
              data-testid="flow-diagram-next"
            >
              <Icon name="chevron" />
            </Button>
          </div>
        ) : null}
        <div className="flow-zoom" role="group" aria-label={t('flows.zoom')}>
          <Button variant="icon" aria-label={t('flows.zoomOut')} disabled={zoom === 0} onClick={() => zoomBy(-1)}>
            <span aria-hidden="true">−</span>
          </Button>
          <output className="flow-zoom-level" aria-live="polite" data-testid="flow-zoom-level">
            {new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(ZOOMS[zoom]!)}
          </output>
          <Button variant="icon" aria-label={t('flows.zoomIn')} disabled={zoom === ZOOMS.length - 1} onClick={() => zoomBy(1)}>
            <span aria-hidden="true">+</span>
          </Button>
          <Button className="button--small" onClick={() => setZoom(DEFAULT_ZOOM)}>
            {t('flows.zoomReset')}
          </Button>
        </div>
      </div>
      <p id={hintId} className="visually-hidden">
        {t('flows.zoomHint')}
      </p>
      {current?.error ? (
        <p role="alert" className="flow-diagram-error">
          {t('flows.diagramFailed')}
        </p>
      ) : null}
      {current?.svg ? (
        <div
          ref={host}
          className={`flow-diagram-canvas ${MERMAID_SCOPE}`}
          dir="ltr"
          role="img"
          aria-label={t('flows.diagramLabel', { title })}
          aria-describedby={hintId}
          aria-keyshortcuts="+ - 0 ArrowLeft ArrowRight ArrowUp ArrowDown"
          data-testid="flow-diagram"
          tabIndex={0}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          dangerouslySetInnerHTML={{ __html: current.svg }}
        />
      ) : current?.error ? null : (
        <div className="flow-diagram-canvas flow-diagram-canvas--loading skeleton" role="status" aria-busy="true">
          <span className="visually-hidden">{t('flows.diagramLoading')}</span>
        </div>
      )}
      <details className="flow-source">
        <summary>{t('flows.source')}</summary>
        <pre dir="ltr" data-testid="flow-source">
          <code>{diagram.source}</code>
        </pre>
      </details>
      <ul className="flow-legend" aria-label={t('flows.legend')}>
        <li>
          <span className="flow-swatch flow-swatch--current" aria-hidden="true" />
          {t('flows.legendCurrent')}
        </li>
        <li>
          <span className="flow-swatch flow-swatch--visited" aria-hidden="true" />
          {t('flows.legendVisited')}
        </li>
        <li>
          <span className="flow-swatch flow-swatch--taken" aria-hidden="true" />
          {t('flows.legendTaken')}
        </li>
        {LIVE_AVAILABLE ? (
          <li>
            <span className="flow-swatch flow-swatch--live" aria-hidden="true" />
            {t('flows.legendLive')}
          </li>
        ) : null}
      </ul>
    </figure>
  );
}

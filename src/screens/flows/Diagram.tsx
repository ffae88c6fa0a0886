import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowState } from '../../flows/describe';
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
/** A pointer that moved further than this between press and release dragged the drawing: no click. */
const DRAG_SLOP = 4;

const NODE_CLASSES = ['flow-node--current', 'flow-node--visited', 'flow-node--live', 'flow-node--closed'] as const;
const EDGE_CLASSES = ['flow-edge--current', 'flow-edge--taken'] as const;

interface Rendered {
  source: string;
  svg: string | null;
  error: string | null;
}

/** The Mermaid node id of a state's `g.node` (`flow-<id>-state-<node>-<n>`), or null. */
function nodeIdOf(element: Element, flowId: string): string | null {
  const prefix = `flow-${flowId}-state-`;
  return (element.id.startsWith(prefix) ? /^(.*)-\d+$/.exec(element.id.slice(prefix.length))?.[1] : null) ?? null;
}

/** Mermaid node elements by node id: `g.node` and composite `g.cluster`s. */
function indexNodes(root: HTMLElement, flowId: string): Map<string, Element[]> {
  const out = new Map<string, Element[]>();
  const add = (node: string, element: Element) => out.set(node, [...(out.get(node) ?? []), element]);
  for (const element of root.querySelectorAll('g.node[id]')) {
    const node = nodeIdOf(element, flowId);
    if (node) add(node, element);
  }
  for (const element of root.querySelectorAll('g.statediagram-cluster[data-id]')) add(element.getAttribute('data-id')!, element);
  return out;
}

/** The parts of a large diagram that open and close (src/flows/collapse.ts). */
export interface DiagramParts {
  states: readonly { state: FlowState; label: string }[];
  /** State ids drawn closed. */
  closed: readonly string[];
  onChange: (closed: string[]) => void;
}

/**
 * One machine's diagram, drawn in the browser from the same Mermaid source as docs/flows, with the
 * chosen path step and the live state marked by CSS classes on Mermaid's own nodes and edges. A large
 * machine's compound states open and close: from the buttons above the drawing (the keyboard's way), or
 * by a click on a closed box.
 */
export function Diagram({
  flowId,
  title,
  diagram,
  highlight,
  stepper,
  parts,
}: {
  flowId: string;
  title: string;
  diagram: MermaidDiagram;
  highlight: DiagramHighlight;
  /** Compact previous/next next to the drawing, so stepping keeps it in view. */
  stepper?: { index: number; total: number; onStep: (index: number) => void };
  parts?: DiagramParts;
}) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState<Rendered | null>(null);
  // Opens at the drawing's own size, scrolled to the current state: fitted, a wide chart is unreadable.
  const [zoom, setZoom] = useState(DEFAULT_ZOOM);
  const zoomBy = (step: number) => setZoom((z) => Math.min(ZOOMS.length - 1, Math.max(0, z + step)));
  const hintId = useId();
  const partsId = useId();
  const drag = useRef<{ x: number; y: number; left: number; top: number; moved: boolean } | null>(null);
  /** Whether the last press dragged the drawing, so its click opens nothing. */
  const dragged = useRef(false);

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
    mark(Object.keys(diagram.closedParts), 'flow-node--closed');
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
  }, [current, highlight, flowId, zoom, diagram.closedParts]);

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
    drag.current = { x: event.clientX, y: event.clientY, left: root.scrollLeft, top: root.scrollTop, moved: false };
    dragged.current = false;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    if (!start.moved && Math.hypot(event.clientX - start.x, event.clientY - start.y) <= DRAG_SLOP) return;
    // Captured only once it is a drag: a capture at the press would send the click to the canvas, not the box.
    if (!start.moved) event.currentTarget.setPointerCapture(event.pointerId);
    start.moved = true;
    event.currentTarget.scrollTo(start.left - (event.clientX - start.x), start.top - (event.clientY - start.y));
  };
  const endDrag = () => {
    dragged.current = drag.current?.moved ?? false;
    drag.current = null;
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const node = (event.target as Element).closest('g.node[id]');
    const closed = node ? diagram.closedParts[nodeIdOf(node, flowId) ?? ''] : undefined;
    if (!parts || !closed || dragged.current) return;
    parts.onChange(parts.closed.filter((id) => id !== closed));
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
      {parts ? <PartsBar id={partsId} parts={parts} /> : null}
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
          onClick={onClick}
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

/** A toggle button per part (pressed: open), and all at once. */
function PartsBar({ id, parts }: { id: string; parts: DiagramParts }) {
  const { t } = useTranslation();
  const closed = new Set(parts.closed);
  const all = parts.states.map((p) => p.state.id);
  return (
    <div className="flow-parts">
      <p id={id} className="flow-parts-label">
        {t('flows.parts')}
      </p>
      <div className="flow-parts-buttons" role="group" aria-labelledby={id} data-testid="flow-parts">
        {parts.states.map(({ state, label }) => (
          <Button
            key={state.id}
            className="button--small flow-part"
            aria-pressed={!closed.has(state.id)}
            onClick={() => parts.onChange(closed.has(state.id) ? parts.closed.filter((c) => c !== state.id) : [...parts.closed, state.id])}
          >
            <bdi lang="en">{label}</bdi>
          </Button>
        ))}
        <Button className="button--small" disabled={closed.size === 0} onClick={() => parts.onChange([])}>
          {t('flows.openAllParts')}
        </Button>
        <Button className="button--small" disabled={closed.size === all.length} onClick={() => parts.onChange(all)}>
          {t('flows.closeAllParts')}
        </Button>
      </div>
    </div>
  );
}

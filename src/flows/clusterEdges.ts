/**
 * Makes arrows into and out of compound states touch their boxes. Mermaid routes such an edge to a
 * state inside the box and then cuts it where it meets a box of its own estimate, which is off by the
 * box's title and padding: arrows stopped up to 100 px short of the box (registration's
 * `verifyingEmail`) or ran deep into it, to the state inside. So, once the drawing is laid out, each such
 * path is redrawn along its own curve up to where it first crosses the drawn box, or extended straight
 * onto the box when it never reached it.
 *
 * Runs in a browser on a drawn SVG: in the flow explorer and in the page `npm run flows` renders in.
 * (One self-contained function of plain DOM calls, so that page can take it as text.)
 */

export interface ClusterEdge {
  /** Mermaid's edge id (`edge7`): the `data-id` of its path. */
  domId: string;
  /** Mermaid node ids of the two ends; a compound state's box carries its id as `data-id`. */
  from: string;
  to: string;
}

export function attachClusterEdges(svg: SVGSVGElement, edges: readonly ClusterEdge[]): number {
  // Samples per path at most (in here: the function is also sent to a page as text, without the module).
  // The polyline they make is as smooth as the curve at this density.
  const SAMPLES = 400;
  let redrawn = 0;
  for (const edge of edges) {
    const path = svg.querySelector<SVGPathElement>(`path[data-id="${edge.domId}"]`);
    const ctm = path?.getScreenCTM();
    if (!path || !ctm) continue;
    /** The box of a compound state in the path's own coordinates, or null for a plain state. */
    const box = (nodeId: string) => {
      const rect = svg.querySelector<SVGRectElement>(`g.statediagram-cluster[data-id="${nodeId}"] rect.outer`);
      const rectCtm = rect?.getScreenCTM();
      if (!rect || !rectCtm) return null;
      const toPath = ctm.inverse().multiply(rectCtm);
      const b = rect.getBBox();
      const a = new DOMPoint(b.x, b.y).matrixTransform(toPath);
      const c = new DOMPoint(b.x + b.width, b.y + b.height).matrixTransform(toPath);
      return { left: Math.min(a.x, c.x), top: Math.min(a.y, c.y), right: Math.max(a.x, c.x), bottom: Math.max(a.y, c.y) };
    };
    const fromBox = box(edge.from);
    const toBox = box(edge.to);
    if (!fromBox && !toBox) continue;

    const total = path.getTotalLength();
    const step = Math.max(2, total / SAMPLES);
    const at = (length: number) => {
      const p = path.getPointAtLength(Math.min(Math.max(length, 0), total));
      return { x: p.x, y: p.y };
    };
    type Box = NonNullable<typeof fromBox>;
    const inside = (b: Box, p: { x: number; y: number }) => p.x >= b.left && p.x <= b.right && p.y >= b.top && p.y <= b.bottom;
    /**
     * Where the curve, walked from `origin` towards `goal` (a length each), first changes sides of the
     * box; the crossing is refined by halving between the two samples around it.
     */
    const crossing = (b: Box, origin: number, goal: number) => {
      const direction = Math.sign(goal - origin);
      const startsInside = inside(b, at(origin));
      for (let l = origin; direction * (goal - l) > 0; l += direction * step) {
        const next = direction * (goal - (l + direction * step)) > 0 ? l + direction * step : goal;
        if (inside(b, at(next)) === startsInside) continue;
        let [near, far] = [l, next];
        for (let i = 0; i < 12; i++) {
          const middle = (near + far) / 2;
          if (inside(b, at(middle)) === startsInside) near = middle;
          else far = middle;
        }
        return far;
      }
      return null;
    };
    /** The point of the box's outline nearest to `p` (outside: clamped; inside: out to the nearest side). */
    const onOutline = (b: Box, p: { x: number; y: number }) => {
      if (!inside(b, p)) return { x: Math.min(Math.max(p.x, b.left), b.right), y: Math.min(Math.max(p.y, b.top), b.bottom) };
      const sides = [
        { d: p.x - b.left, q: { x: b.left, y: p.y } },
        { d: b.right - p.x, q: { x: b.right, y: p.y } },
        { d: p.y - b.top, q: { x: p.x, y: b.top } },
        { d: b.bottom - p.y, q: { x: p.x, y: b.bottom } },
      ];
      return sides.reduce((best, side) => (side.d < best.d ? side : best)).q;
    };

    // The part of the curve kept, as lengths along it, and a straight piece added at either end.
    let first = 0;
    let last = total;
    let head: { x: number; y: number } | null = null;
    let tail: { x: number; y: number } | null = null;
    if (fromBox) {
      const out = crossing(fromBox, 0, total);
      if (out !== null) first = out;
      else head = onOutline(fromBox, at(0));
    }
    if (toBox) {
      const into = crossing(toBox, first, total);
      if (into !== null) last = into;
      else tail = onOutline(toBox, at(total));
    }
    const points = [
      ...(head ? [head] : []),
      ...Array.from({ length: Math.ceil((last - first) / step) }, (_, i) => at(first + i * step)),
      at(last),
      ...(tail ? [tail] : []),
    ];
    const round = (n: number) => Math.round(n * 100) / 100;
    path.setAttribute('d', points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)},${round(p.y)}`).join(''));
    redrawn += 1;
  }
  return redrawn;
}

/**
 * The arrows into and out of compound states that do not end on their boxes (within a pixel and a half of
 * the drawing's units), as "edge7 a → b: 0.0, 12.3": what `attachClusterEdges` is for. Checked for every
 * diagram as `npm run flows` draws it, and in the explorer by e2e/flows.spec.ts. Self-contained, as above.
 */
export function arrowsOffBoxes(svg: SVGSVGElement, edges: readonly ClusterEdge[]): string[] {
  const gap = (path: SVGPathElement, nodeId: string, length: number) => {
    const rect = svg.querySelector<SVGRectElement>(`g.statediagram-cluster[data-id="${nodeId}"] rect.outer`);
    if (!rect) return 0;
    const p = path.getPointAtLength(length).matrixTransform(path.getScreenCTM()!);
    const b = rect.getBoundingClientRect();
    const dx = Math.max(b.left - p.x, 0, p.x - b.right);
    const dy = Math.max(b.top - p.y, 0, p.y - b.bottom);
    // Outside: how far from the box; inside: how far from its nearest side.
    return dx || dy ? Math.hypot(dx, dy) : Math.min(p.x - b.left, b.right - p.x, p.y - b.top, b.bottom - p.y);
  };
  return edges.flatMap(({ domId, from, to }) => {
    const path = svg.querySelector<SVGPathElement>(`path[data-id="${domId}"]`);
    if (!path) return [`${domId} ${from} → ${to}: not drawn`];
    const scale = path.getScreenCTM()!.a;
    const off = [gap(path, from, 0), gap(path, to, path.getTotalLength())].map((px) => px / scale);
    return off.some((units) => units > 1.5) ? [`${domId} ${from} → ${to}: ${off.map((u) => u.toFixed(1)).join(', ')}`] : [];
  });
}

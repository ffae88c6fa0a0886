/**
 * Live inspection without the internet: in development every app actor reports its snapshots on this
 * BroadcastChannel (see src/app/devInspect.ts); the flow explorer at /flows, in any tab of the same
 * origin, listens and outlines each machine's current state. Only the state value, status and event type
 * travel — never context or event payloads.
 */
export const INSPECT_CHANNEL = 'meridian-inspect';

export interface LiveSnapshot {
  kind: 'snapshot';
  /** Which tab sent it (random per page load). */
  tab: string;
  /** The machine's id (`routeGuard`), as in the catalog. */
  machineId: string;
  /** The snapshot's state value. */
  value: unknown;
  status: string;
  /** The type of the event that led here. */
  event: string;
  at: number;
}

/** The explorer asks every running tab to send its current snapshots again. */
export interface LiveHello {
  kind: 'hello';
}

export type LiveMessage = LiveSnapshot | LiveHello;

export function isLiveMessage(data: unknown): data is LiveMessage {
  if (!data || typeof data !== 'object') return false;
  const kind = (data as { kind?: unknown }).kind;
  if (kind === 'hello') return true;
  const d = data as Partial<LiveSnapshot>;
  return kind === 'snapshot' && typeof d.machineId === 'string' && typeof d.tab === 'string' && typeof d.event === 'string';
}

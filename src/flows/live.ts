/**
 * Live inspection without the internet: in development and in demo mode every machine actor the app
 * starts reports each step on this BroadcastChannel (src/app/liveInspect.ts); the flow explorer at
 * /flows, in any tab of the same origin, lists the actors, logs the events, draws them as a sequence
 * across actors, outlines each machine's current state, and exports what it saw as a recorded session.
 * Events and outcomes travel with their secrets masked (src/app/mask.ts); contexts never travel.
 */
export const INSPECT_CHANNEL = 'meridian-inspect';

/** A running machine actor. */
export interface LiveActor {
  /** The actor's session id (`x:12`), unique in its tab. */
  id: string;
  /** The machine's id (`transfer`), as in the catalog. */
  machineId: string;
  /** The actor that invoked or spawned it; null for one the app or a screen started. */
  parentId: string | null;
}

/** One step of a machine actor: the event it took and where it went. */
export interface LiveStep {
  kind: 'step';
  /** Which tab sent it (random per page load). */
  tab: string;
  /** The step's order in its tab. */
  seq: number;
  at: number;
  actor: LiveActor;
  /** Who sent the event: another actor (a machine, or a promise's or timer's id), or null for the page. */
  source: { id: string; name: string } | null;
  /** The event, its secrets masked. */
  event: { type: string } & Record<string, unknown>;
  /** The snapshot's state value after the event. */
  value: unknown;
  status: string;
  /** What the actor ended with (`done`: its output, `error`: the error), masked. */
  outcome?: unknown;
}

/** The explorer asks every running tab to send what it kept of its steps again. */
export interface LiveHello {
  kind: 'hello';
}

export type LiveMessage = LiveStep | LiveHello;

export function isLiveMessage(data: unknown): data is LiveMessage {
  if (!data || typeof data !== 'object') return false;
  const kind = (data as { kind?: unknown }).kind;
  if (kind === 'hello') return true;
  const d = data as Partial<LiveStep>;
  return (
    kind === 'step' &&
    typeof d.tab === 'string' &&
    typeof d.seq === 'number' &&
    typeof d.actor?.id === 'string' &&
    typeof d.actor.machineId === 'string' &&
    typeof d.event?.type === 'string'
  );
}

/** A recorded session as a file: what the explorer saw, for a reviewer to replay step by step. */
export interface RecordedSession {
  format: typeof SESSION_FORMAT;
  recordedAt: string;
  /** Every actor seen, with its last status and outcome. */
  actors: (LiveActor & { status: string; outcome?: unknown })[];
  steps: LiveStep[];
}

export const SESSION_FORMAT = 'meridian-flow-session/1';

export function recordSession(steps: readonly LiveStep[], now: Date): RecordedSession {
  const actors = new Map<string, RecordedSession['actors'][number]>();
  for (const step of steps) actors.set(step.actor.id, { ...step.actor, status: step.status, outcome: step.outcome });
  return { format: SESSION_FORMAT, recordedAt: now.toISOString(), actors: [...actors.values()], steps: [...steps] };
}

/** A session file read back, or null when it is not one. */
export function readSession(text: string): RecordedSession | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const session = data as Partial<RecordedSession> | null;
  if (session?.format !== SESSION_FORMAT || !Array.isArray(session.steps) || !Array.isArray(session.actors)) return null;
  if (!session.steps.every(isLiveMessage)) return null;
  return session as RecordedSession;
}

import { useEffect, useState } from 'react';
import { INSPECT_CHANNEL, isLiveMessage, type LiveStep } from '../../flows/live';
import { isDemoPage } from '../../platform/demoMode';

/** Live inspection runs in development and demo mode only (src/app/liveInspect.ts reports the steps). */
export const LIVE_AVAILABLE = (import.meta.env.DEV || isDemoPage()) && typeof BroadcastChannel === 'function';

/** Steps the explorer keeps (and a session file holds): the most recent ones. */
const KEPT_STEPS = 1000;

/**
 * Every step the app's actors reported, in order, from any tab of this origin: listens on the
 * `meridian-inspect` channel and asks running tabs once for the steps they kept.
 */
export function useLiveSteps(): readonly LiveStep[] {
  const [steps, setSteps] = useState<readonly LiveStep[]>([]);
  useEffect(() => {
    if (!LIVE_AVAILABLE) return;
    const channel = new BroadcastChannel(INSPECT_CHANNEL);
    channel.addEventListener('message', (message: MessageEvent<unknown>) => {
      const step = message.data;
      if (!isLiveMessage(step) || step.kind !== 'step') return;
      setSteps((previous) => {
        // A tab answering the hello sends again what this page may have seen already.
        if (previous.some((known) => known.tab === step.tab && known.seq === step.seq)) return previous;
        return [...previous, step].sort((a, b) => a.at - b.at || a.seq - b.seq).slice(-KEPT_STEPS);
      });
    });
    channel.postMessage({ kind: 'hello' });
    return () => channel.close();
  }, []);
  return steps;
}

/** The latest step of each machine (by its id), as its current state. */
export function latestByMachine(steps: readonly LiveStep[]): ReadonlyMap<string, LiveStep> {
  return new Map(steps.map((step) => [step.actor.machineId, step]));
}

/** The latest step of each actor, in the order the actors first appeared. */
export function latestByActor(steps: readonly LiveStep[]): LiveStep[] {
  return [...new Map(steps.map((step) => [step.actor.id, step])).values()];
}

/** The tabs the steps came from, numbered 1, 2… in the order they first reported (a tab's id is random). */
export function tabNumbers(steps: readonly LiveStep[]): ReadonlyMap<string, number> {
  const numbers = new Map<string, number>();
  for (const step of steps) if (!numbers.has(step.tab)) numbers.set(step.tab, numbers.size + 1);
  return numbers;
}

/** What the event log and the sequence show: every step, one tab's, or what one actor took and sent. */
export type StepFilter = { tab: string } | { actor: string } | null;

export function filterSteps(steps: readonly LiveStep[], filter: StepFilter): readonly LiveStep[] {
  if (!filter) return steps;
  if ('tab' in filter) return steps.filter((step) => step.tab === filter.tab);
  return steps.filter((step) => step.actor.id === filter.actor || step.source?.id === filter.actor);
}

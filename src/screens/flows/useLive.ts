import { useEffect, useState } from 'react';
import { INSPECT_CHANNEL, isLiveMessage, type LiveSnapshot } from '../../flows/live';

/** Live inspection exists in development builds only (src/app/devInspect.ts reports the snapshots). */
export const LIVE_AVAILABLE = import.meta.env.DEV && typeof BroadcastChannel === 'function';

/**
 * The latest snapshot of each machine, from any tab of this origin running the app in development:
 * listens on the `meridian-inspect` channel and asks running tabs for their current snapshots once.
 */
export function useLiveSnapshots(): ReadonlyMap<string, LiveSnapshot> {
  const [snapshots, setSnapshots] = useState<ReadonlyMap<string, LiveSnapshot>>(() => new Map());
  useEffect(() => {
    if (!LIVE_AVAILABLE) return;
    const channel = new BroadcastChannel(INSPECT_CHANNEL);
    channel.addEventListener('message', (message: MessageEvent<unknown>) => {
      const data = message.data;
      if (!isLiveMessage(data) || data.kind !== 'snapshot') return;
      setSnapshots((previous) => {
        const known = previous.get(data.machineId);
        if (known && known.at > data.at) return previous;
        return new Map(previous).set(data.machineId, data);
      });
    });
    channel.postMessage({ kind: 'hello' });
    return () => channel.close();
  }, []);
  return snapshots;
}

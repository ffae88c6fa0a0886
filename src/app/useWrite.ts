import { useSelector } from '@xstate/react';
import { connectWrite } from '../../machines/write/write.view';
import type { WriteMachine } from '../../machines/write/write.machine';
import type { FlowHost } from './actors/host';
import { useFlowActor } from './context';

const newKey = () => crypto.randomUUID();

/** A screen's write (machines/write/write.machine.ts) with its actor from `src/app/actors/<flow>.ts`: what it shows and its intents. */
export function useWrite<Input, Output>(
  machine: WriteMachine<Input, Output>,
  implement: (host: FlowHost) => Parameters<WriteMachine<Input, Output>['provide']>[0],
) {
  const actor = useFlowActor(machine, implement);
  const snapshot = useSelector(actor, (s) => s);
  return connectWrite(snapshot, actor.send, newKey);
}

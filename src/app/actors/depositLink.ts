import { fromPromise } from 'xstate';
import type { depositLinkMachine } from '../../../machines/depositLink.machine';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/** The deposit link block's one call. */
export function depositLinkActors({ api }: FlowHost) {
  return {
    actors: {
      createDepositLink: fromPromise(({ input }) => unwrap(api.createDepositLink(input))),
    },
  } satisfies Parameters<typeof depositLinkMachine.provide>[0];
}

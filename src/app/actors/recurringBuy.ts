import { fromPromise } from 'xstate';
import { recurringBuysApi } from '../../api/recurringBuys';
import type { CreateRecurringBuyBody } from '../../../contract/recurringBuys';
import type { PlanChange, recurringBuyMachine } from '../../../machines/recurringBuy/recurringBuy.machine';
import { idempotentSubmit } from '../../../machines/parts/idempotentSubmit';
import { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import { pageIdempotencyKeys } from '../idempotency';
import type { FlowHost } from './host';
import { stepUpActors } from './stepUp';
import { unwrap } from './unwrap';

/** The plans, a new plan (once per plan as typed, kept across the step-up the server asks for) and its changes. */
export function recurringBuyActors({ client }: Pick<FlowHost, 'client'>) {
  const api = recurringBuysApi(client);
  const change: Record<PlanChange, (id: string) => ReturnType<typeof api.pauseRecurringBuy>> = {
    pause: api.pauseRecurringBuy,
    resume: api.resumeRecurringBuy,
    cancel: api.cancelRecurringBuy,
  };
  return {
    actors: {
      loadPlans: fromPromise(() => unwrap(api.listRecurringBuys())),
      stepUp: stepUpMachine.provide(stepUpActors({ client })),
      createPlan: idempotentSubmit(pageIdempotencyKeys(), (input: { body: CreateRecurringBuyBody }, key) =>
        unwrap(api.createRecurringBuy(input.body, key)),
      ),
      changePlan: fromPromise(({ input }) => unwrap(change[input.change](input.planId))),
    },
  } satisfies Parameters<typeof recurringBuyMachine.provide>[0];
}

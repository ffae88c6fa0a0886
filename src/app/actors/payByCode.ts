import { fromPromise } from 'xstate';
import type { payByCodeMachine } from '../../../machines/payByCode.machine';
import { moneyMoved } from '../moneyMoved';
import type { AppSystem } from '../system';
import { unwrap } from './unwrap';

/** Redeeming a voucher: a fresh Idempotency-Key per try, and the balances and activities refreshed after it. */
export function payByCodeActors(app: Pick<AppSystem, 'api' | 'queryClient' | 'balances'>) {
  return {
    actors: {
      redeemVoucher: fromPromise(async ({ input }) => {
        const redemption = await unwrap(app.api.redeemVoucher({ code: input.code }, crypto.randomUUID()));
        moneyMoved(app);
        void app.queryClient.invalidateQueries({ queryKey: ['activities'] });
        return redemption;
      }),
    },
  } satisfies Parameters<typeof payByCodeMachine.provide>[0];
}

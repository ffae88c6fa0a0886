import { fromPromise } from 'xstate';
import { paymentsApi } from '../../api/payments';
import type { payByCodeMachine } from '../../../machines/payByCode.machine';
import { moneyMoved } from '../moneyMoved';
import { OPERATION_LIMITS_KEY } from '../queryClient';
import type { AppSystem } from '../system';
import { unwrap } from './unwrap';

/** Redeeming a voucher: a fresh Idempotency-Key per try, and the balances, activities and limit left refreshed after it. */
export function payByCodeActors(app: Pick<AppSystem, 'client' | 'queryClient' | 'balances'>) {
  return {
    actors: {
      redeemVoucher: fromPromise(async ({ input }) => {
        const redemption = await unwrap(paymentsApi(app.client).redeemVoucher({ code: input.code }, crypto.randomUUID()));
        moneyMoved(app);
        void app.queryClient.invalidateQueries({ queryKey: ['activities'] });
        void app.queryClient.invalidateQueries({ queryKey: OPERATION_LIMITS_KEY });
        return redemption;
      }),
    },
  } satisfies Parameters<typeof payByCodeMachine.provide>[0];
}

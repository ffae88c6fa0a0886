import { paymentsApi } from '../../api/payments';
import { idempotentSubmit } from '../../../machines/parts/idempotentSubmit';
import type { payByCodeMachine } from '../../../machines/payByCode/payByCode.machine';
import { pageIdempotencyKeys } from '../idempotency';
import { moneyMoved } from '../moneyMoved';
import { OPERATION_LIMITS_KEY } from '../queryClient';
import type { AppSystem } from '../system';
import { unwrap } from './unwrap';

/** Redeeming a voucher: one Idempotency-Key per code until it went through, then the balances, activities and limit left refreshed. */
export function payByCodeActors(app: Pick<AppSystem, 'client' | 'queryClient' | 'balances'>) {
  return {
    actors: {
      redeemVoucher: idempotentSubmit(pageIdempotencyKeys(), async (input: { code: string }, key) => {
        const redemption = await unwrap(paymentsApi(app.client).redeemVoucher({ code: input.code }, key));
        moneyMoved(app);
        void app.queryClient.invalidateQueries({ queryKey: ['activities'] });
        void app.queryClient.invalidateQueries({ queryKey: OPERATION_LIMITS_KEY });
        return redemption;
      }),
    },
  } satisfies Parameters<typeof payByCodeMachine.provide>[0];
}

import { fromPromise } from 'xstate';
import { payoutsApi } from '../../api/payouts';
import type { bankPayoutMachine } from '../../../machines/bankPayout/bankPayout.machine';
import { idempotentSubmit } from '../../../machines/parts/idempotentSubmit';
import { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import { quotedIdempotencyKeys } from '../idempotency';
import { moneyMoved } from '../moneyMoved';
import type { AppSystem } from '../system';
import type { FlowHost } from './host';
import { pollAsk } from './poll';
import { stepUpActors } from './stepUp';
import { unwrap } from './unwrap';

/** The beneficiary book, the quote, the payout (then the balances and activities refresh) and its status. */
export function bankPayoutActors({
  client,
  queryClient,
  balances,
}: Pick<FlowHost, 'client' | 'queryClient'> & Pick<AppSystem, 'balances'>) {
  const api = payoutsApi(client);
  return {
    actors: {
      loadBeneficiaries: fromPromise(() => unwrap(api.listBeneficiaries())),
      stepUp: stepUpMachine.provide(stepUpActors({ client })),
      // An empty BIC is no BIC: the IBAN alone routes a payout inside the EEA.
      saveBeneficiary: fromPromise(({ input: { bic, ...rest } }) => unwrap(api.addBeneficiary({ ...rest, ...(bic ? { bic } : {}) }))),
      labelBeneficiary: fromPromise(({ input: { id, label } }) => unwrap(api.labelBeneficiary(id, { label }))),
      removeBeneficiary: fromPromise(({ input: { id } }) => unwrap(api.removeBeneficiary(id))),
      requestPayoutQuote: fromPromise(({ input }) => unwrap(api.createPayoutQuote(input))),
      payOut: idempotentSubmit(quotedIdempotencyKeys('payout'), async (input: { quoteId: string }, key) => {
        const payout = await unwrap(api.createPayout({ quoteId: input.quoteId }, key));
        moneyMoved({ balances });
        void queryClient.invalidateQueries({ queryKey: ['activities'] });
        return payout;
      }),
      checkPayout: pollAsk((input: { id: string }) => unwrap(api.getPayout(input.id))),
    },
  } satisfies Parameters<typeof bankPayoutMachine.provide>[0];
}

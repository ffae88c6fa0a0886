import { paymentsApi } from '../../api/payments';
import { isAddress } from 'viem';
import { fromPromise } from 'xstate';
import { asError } from '../../../machines/failure';
import { stepUpMachine } from '../../../machines/stepUp.machine';
import type { withdrawalMachine } from '../../../machines/withdrawal.machine';
import { moneyMoved } from '../moneyMoved';
import type { AppSystem } from '../system';
import type { FlowHost } from './host';
import { stepUpActors } from './stepUp';
import { unwrap } from './unwrap';

/**
 * The address book, the quote, the withdrawal (then the balances refresh) and its status. The address is
 * checked here as the server checks it (0x and 40 hexadecimal digits; in mixed case, its EIP-55
 * checksum), so a typo is refused before the customer steps up.
 */
export function withdrawalActors({
  client,
  queryClient,
  balances,
}: Pick<FlowHost, 'client' | 'queryClient'> & Pick<AppSystem, 'balances'>) {
  const api = paymentsApi(client);
  return {
    actors: {
      loadAddresses: fromPromise(async () => (await unwrap(api.listWithdrawalAddresses())).addresses),
      checkAddress: fromPromise<void, { address: string }>(async ({ input }) => {
        if (!/^0x[0-9a-fA-F]{40}$/.test(input.address)) throw asError({ code: 'address_invalid' });
        if (!isAddress(input.address, { strict: true })) throw asError({ code: 'address_checksum_invalid' });
      }),
      stepUp: stepUpMachine.provide(stepUpActors({ client })),
      saveAddress: fromPromise(({ input }) => unwrap(api.addWithdrawalAddress(input))),
      requestQuote: fromPromise(({ input }) => unwrap(api.createWithdrawalQuote(input))),
      withdraw: fromPromise(async ({ input }) => {
        const withdrawal = await unwrap(api.createWithdrawal({ quoteId: input.quoteId }, input.idempotencyKey));
        moneyMoved({ balances });
        void queryClient.invalidateQueries({ queryKey: ['activities'] });
        return withdrawal;
      }),
      checkWithdrawal: fromPromise(({ input }) => unwrap(api.getWithdrawal(input.id))),
    },
  } satisfies Parameters<typeof withdrawalMachine.provide>[0];
}

import { paymentsApi } from '../../api/payments';
import { isAddress } from 'viem';
import { fromPromise } from 'xstate';
import { checkBitcoinAddress } from '../../../contract/bitcoinAddress';
import type { BitcoinNetwork, WithdrawalNetwork } from '../../../contract/withdrawals';
import { asError } from '../../../machines/parts/failure';
import { idempotentSubmit } from '../../../machines/parts/idempotentSubmit';
import { quotedIdempotencyKeys } from '../idempotency';
import { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import type { withdrawalMachine } from '../../../machines/withdrawal/withdrawal.machine';
import { moneyMoved } from '../moneyMoved';
import type { AppSystem } from '../system';
import type { FlowHost } from './host';
import { pollAsk } from './poll';
import { stepUpActors } from './stepUp';
import { unwrap } from './unwrap';

/**
 * The address book (added to, renamed, pruned), the quote, the withdrawal (then the balances refresh) and its status. The address is
 * checked here as the server checks it (0x and 40 hexadecimal digits; in mixed case, its EIP-55
 * checksum; a Bitcoin address's checksum and network), so a typo is refused before the customer steps up.
 */
export function withdrawalActors({
  client,
  queryClient,
  balances,
}: Pick<FlowHost, 'client' | 'queryClient'> & Pick<AppSystem, 'balances'>) {
  const api = paymentsApi(client);
  return {
    actors: {
      loadAddresses: fromPromise(() => unwrap(api.listWithdrawalAddresses())),
      checkAddress: fromPromise<void, { network: WithdrawalNetwork; address: string; bitcoinNetwork: BitcoinNetwork }>(
        async ({ input }) => {
          if (input.network === 'bitcoin') {
            const checked = checkBitcoinAddress(input.address, input.bitcoinNetwork);
            if (!checked.ok) throw asError({ code: checked.code });
            return;
          }
          if (!/^0x[0-9a-fA-F]{40}$/.test(input.address)) throw asError({ code: 'address_invalid' });
          if (!isAddress(input.address, { strict: true })) throw asError({ code: 'address_checksum_invalid' });
        },
      ),
      stepUp: stepUpMachine.provide(stepUpActors({ client })),
      saveAddress: fromPromise(({ input }) => unwrap(api.addWithdrawalAddress(input))),
      labelAddress: fromPromise(({ input: { id, label } }) => unwrap(api.labelWithdrawalAddress(id, { label }))),
      removeAddress: fromPromise(({ input: { id } }) => unwrap(api.removeWithdrawalAddress(id))),
      requestQuote: fromPromise(({ input }) => unwrap(api.createWithdrawalQuote(input))),
      withdraw: idempotentSubmit(quotedIdempotencyKeys('withdrawal'), async (input: { quoteId: string }, key) => {
        const withdrawal = await unwrap(api.createWithdrawal({ quoteId: input.quoteId }, key));
        moneyMoved({ balances });
        void queryClient.invalidateQueries({ queryKey: ['activities'] });
        return withdrawal;
      }),
      checkWithdrawal: pollAsk((input: { id: string }) => unwrap(api.getWithdrawal(input.id))),
    },
  } satisfies Parameters<typeof withdrawalMachine.provide>[0];
}

import { fromPromise } from 'xstate';
import { paymentsApi } from '../../api/payments';
import type { onChainDepositMachine } from '../../../machines/onChainDeposit/onChainDeposit.machine';
import type { AppSystem } from '../system';
import { moneyMoved } from '../moneyMoved';
import type { FlowHost } from './host';
import { pollAsk } from './poll';
import type { CryptoAsset } from '../../../contract/assets';
import { unwrap } from './unwrap';

/** The deposit screen's address and deposits, from the API; a credited deposit refreshes the balances. */
export function onChainDepositActors({ client, queryClient, balances }: FlowHost & Pick<AppSystem, 'balances'>) {
  const api = paymentsApi(client);
  return {
    actors: {
      loadDepositAddress: fromPromise(({ input }) => unwrap(api.getDepositAddress({ asset: input.asset, network: input.network }))),
      fetchDeposits: pollAsk((input: { asset: CryptoAsset }) => unwrap(api.listDeposits({ asset: input.asset }))),
    },
    actions: {
      announceMoneyMoved: () => {
        moneyMoved({ balances });
        void queryClient.invalidateQueries({ queryKey: ['activities'] });
      },
    },
  } satisfies Parameters<typeof onChainDepositMachine.provide>[0];
}

import { fromPromise } from 'xstate';
import type { repayCardDebtMachine } from '../../../machines/repayCardDebt/repayCardDebt.machine';
import { cardsApi } from '../../api/cards';
import { moneyMoved } from '../moneyMoved';
import { notify } from '../notify';
import type { AppSystem } from '../system';
import { unwrap } from './unwrap';

/** Repays card debt once per intent; the balances, the credit line and the card-account lists show it. */
export function repayCardDebtActors(system: AppSystem) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input, key } }) => {
        const { accountId, ...body } = input;
        const after = await unwrap(cardsApi(system.client).repayCardAccount(accountId, body, key));
        moneyMoved(system);
        system.queryClient.setQueryData(['card-accounts', accountId], after);
        notify.success(system.i18n.t('cardAccounts.repay.done'));
        await system.queryClient.invalidateQueries({ queryKey: ['card-accounts'] });
        return after;
      }),
    },
  } satisfies Parameters<typeof repayCardDebtMachine.provide>[0];
}

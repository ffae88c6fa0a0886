import { fromPromise } from 'xstate';
import { localizePath } from '../../../contract';
import type { openAccountMachine } from '../../../machines/openAccount/openAccount.machine';
import { accountsApi } from '../../api/accounts';
import { moneyMoved } from '../moneyMoved';
import type { AppSystem } from '../system';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/**
 * Opens the account; the balances are read again, so every list offering accounts has it. `show` opens the
 * new account's page (the accounts screen); elsewhere (transfer) the customer stays where they were.
 */
export function openAccountActors(system: FlowHost & Pick<AppSystem, 'balances'>, { show }: { show: boolean }) {
  return {
    actors: {
      submit: fromPromise(async ({ input }) => {
        const account = await unwrap(accountsApi(system.client).openAccount(input.input, input.key));
        moneyMoved(system);
        if (show) system.navigate(localizePath(`/accounts/${account.id}`, system.currentLocale()));
        return account;
      }),
    },
  } satisfies Parameters<typeof openAccountMachine.provide>[0];
}

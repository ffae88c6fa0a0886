import { queryOptions } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { reportWalletPaymentMachine } from '../../../machines/reportWalletPayment/reportWalletPayment.machine';
import type { Confirmations } from '../../../machines/walletConfirmations/walletConfirmations.machine';
import { paymentsApi } from '../../api/payments';
import type { AppSystem } from '../system';
import { depositLinkQuery } from './depositLink';
import { unwrap } from './unwrap';

/** The link learns which transaction paid it; its page shows the link as the answer says it. */
export function reportWalletPaymentActors(system: AppSystem) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input } }) => {
        const api = paymentsApi(system.client);
        const link = await unwrap(api.reportDepositLinkPayment(input.hash, { txHash: input.txHash }));
        system.queryClient.setQueryData(depositLinkQuery(api, input.hash).queryKey, link);
        return link;
      }),
    },
  } satisfies Parameters<typeof reportWalletPaymentMachine.provide>[0];
}

/** A sent transaction's confirmations, read from its chain's node through the wallet (machines/walletConfirmations/walletConfirmations.machine.ts). */
export function walletConfirmationsQuery(system: AppSystem, sent: { hash: `0x${string}`; chainId: number }, required: number) {
  return queryOptions<Confirmations>({
    queryKey: ['wallet', 'confirmations', sent.hash],
    queryFn: async () => ({ confirmations: await system.walletConfirmations(sent), required }),
  });
}

import { fromPromise } from 'xstate';
import type { simulateBankTransferMachine } from '../../../machines/simulateBankTransfer/simulateBankTransfer.machine';
import type { simulateCardPaymentMachine } from '../../../machines/simulateCardPayment/simulateCardPayment.machine';
import type { simulateCryptoDepositMachine } from '../../../machines/simulateCryptoDeposit/simulateCryptoDeposit.machine';
import type { simulatePayoutReturnMachine } from '../../../machines/simulatePayoutReturn/simulatePayoutReturn.machine';
import { payoutsApi } from '../../api/payouts';
import { simulateApi } from '../../api/simulate';
import { CARD_ACCOUNTS_QUERY, storeCardAccountId } from '../selectedCardAccount';
import { formatAmount } from '../../ui/money';
import { moneyMoved } from '../moneyMoved';
import { notify } from '../notify';
import type { AppSystem } from '../system';
import { unwrap } from './unwrap';

/** The simulation's accounts (/simulate), which every movement here and the admins' adjustments change. */
export const SIMULATION_ACCOUNTS = ['simulate', 'accounts'] as const;

/** Money moved: the balances are fetched at once, and the simulation's accounts and the activity lists again. */
export async function simulatedMoneyMoved(system: AppSystem): Promise<void> {
  moneyMoved(system);
  await Promise.all([SIMULATION_ACCOUNTS, ['activities']].map((queryKey) => system.queryClient.invalidateQueries({ queryKey })));
}

/** A bank transfer arrives: credited to the customer its reference names, or held for review. */
export function simulateBankTransferActors(system: AppSystem) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input, key } }) => {
        const transfer = await unwrap(simulateApi(system.client).simulateBankTransfer(input, key));
        notify.success(system.i18n.t(transfer.status === 'credited' ? 'simulate.bank.credited' : 'simulate.bank.held'));
        await simulatedMoneyMoved(system);
        return transfer;
      }),
    },
  } satisfies Parameters<typeof simulateBankTransferMachine.provide>[0];
}

/** The customer's payouts, which /simulate offers to return. */
export const PAYOUTS_QUERY = ['payouts'] as const;

/** The bank sends a payout back: the money is on the account again, and the payout no longer offered. */
export function simulatePayoutReturnActors(system: AppSystem) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input, key } }) => {
        const payout = await unwrap(payoutsApi(system.client).simulatePayoutReturn(input.payoutId, { reason: input.reason }, key));
        notify.success(system.i18n.t('simulate.payoutReturn.returned'));
        await Promise.all([simulatedMoneyMoved(system), system.queryClient.invalidateQueries({ queryKey: PAYOUTS_QUERY })]);
        return payout;
      }),
    },
  } satisfies Parameters<typeof simulatePayoutReturnMachine.provide>[0];
}

/** Coins arrive in a crypto account; the toast says the balance after them. */
export function simulateCryptoDepositActors(system: AppSystem) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input, key } }) => {
        const movement = await unwrap(simulateApi(system.client).simulateCryptoDeposit(input, key));
        const { balance, currency } = movement.account;
        notify.success(system.i18n.t('simulate.received', { balance: formatAmount(balance, currency, system.currentLocale()) }));
        await simulatedMoneyMoved(system);
        return movement;
      }),
    },
  } satisfies Parameters<typeof simulateCryptoDepositMachine.provide>[0];
}

/** A merchant charges a card: the card's account is the one whose activity the customer looks at next. */
export function simulateCardPaymentActors(system: AppSystem) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input, key } }) => {
        const paid = await unwrap(simulateApi(system.client).simulateCardAuthorization(input.body, key));
        storeCardAccountId(input.accountId);
        await Promise.all([simulatedMoneyMoved(system), system.queryClient.invalidateQueries({ queryKey: CARD_ACCOUNTS_QUERY })]);
        return paid;
      }),
    },
  } satisfies Parameters<typeof simulateCardPaymentMachine.provide>[0];
}

import { fromPromise } from 'xstate';
import type { adjustAccountMachine } from '../../../machines/adjustAccount/adjustAccount.machine';
import type { createVoucherMachine } from '../../../machines/createVoucher/createVoucher.machine';
import type { decideKycMachine } from '../../../machines/decideKyc/decideKyc.machine';
import type { reviewHeldTransferMachine } from '../../../machines/reviewHeldTransfer/reviewHeldTransfer.machine';
import type { setRatesMachine } from '../../../machines/setRates/setRates.machine';
import { simulateApi } from '../../api/simulate';
import { formatAmount } from '../../ui/money';
import { notify } from '../notify';
import type { AppSystem } from '../system';
import type { FlowHost } from './host';
import { SIMULATION_ACCOUNTS } from './simulate';
import { unwrap } from './unwrap';

/** The admin page's reads, which its writes refresh. */
export const ADMIN_QUERIES = {
  customers: ['simulate', 'admin', 'customers'],
  audit: ['simulate', 'admin', 'audit'],
  outbox: ['simulate', 'admin', 'outbox'],
  kycQueue: ['simulate', 'admin', 'kyc'],
  heldTransfers: ['simulate', 'admin', 'held-transfers'],
} as const;

/** A decision on an identity check: the queue drops it, the customer's status and the audit log show it. */
export function decideKycActors({ client, queryClient }: FlowHost) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input } }) => {
        const decided = await unwrap(simulateApi(client).decideKyc(input.userId, input.body));
        void invalidate(queryClient, ADMIN_QUERIES.kycQueue, ADMIN_QUERIES.customers, ADMIN_QUERIES.audit);
        return decided;
      }),
    },
  } satisfies Parameters<typeof decideKycMachine.provide>[0];
}

/** A held transfer assigned or returned: it leaves the held list; the audit log shows the decision. */
export function reviewHeldTransferActors({ client, queryClient, i18n }: AppSystem) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input, key } }) => {
        const api = simulateApi(client);
        const reviewed = await unwrap(
          input.decision === 'assign'
            ? api.assignHeldTransfer(input.id, input.body, key)
            : api.returnHeldTransfer(input.id, input.body, key),
        );
        notify.success(i18n.t(reviewed.status === 'assigned' ? 'topUpAdmin.held.assigned' : 'topUpAdmin.held.returned'));
        void invalidate(queryClient, ADMIN_QUERIES.heldTransfers, ADMIN_QUERIES.audit);
        return reviewed;
      }),
    },
  } satisfies Parameters<typeof reviewHeldTransferMachine.provide>[0];
}

/** A new voucher code: the page shows it this once; the audit log shows its creation. */
export function createVoucherActors({ client, queryClient }: FlowHost) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input } }) => {
        const created = await unwrap(simulateApi(client).createVoucher(input));
        void invalidate(queryClient, ADMIN_QUERIES.audit);
        return created;
      }),
    },
  } satisfies Parameters<typeof createVoucherMachine.provide>[0];
}

/** A credit or debit: the toast says the balance after it; the customers, the audit log and the simulation's accounts show it. */
export function adjustAccountActors(system: AppSystem) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input, key } }) => {
        const movement = await unwrap(simulateApi(system.client).adjustAccount(input, key));
        const { balance, currency } = movement.account;
        notify.success(system.i18n.t('simulate.admin.adjust.done', { balance: formatAmount(balance, currency, system.currentLocale()) }));
        void invalidate(system.queryClient, ADMIN_QUERIES.customers, ADMIN_QUERIES.audit, SIMULATION_ACCOUNTS);
        return movement;
      }),
    },
  } satisfies Parameters<typeof adjustAccountMachine.provide>[0];
}

/** An asset's price fixed as of now; the audit log shows it. */
export function setRatesActors({ client, queryClient, i18n }: AppSystem) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input } }) => {
        const rates = await unwrap(simulateApi(client).setRates(input));
        notify.success(i18n.t('simulate.admin.rates.done', { asset: input.rates.map((rate) => rate.asset).join(', ') }));
        void invalidate(queryClient, ADMIN_QUERIES.audit);
        return rates;
      }),
    },
  } satisfies Parameters<typeof setRatesMachine.provide>[0];
}

/**
 * Marks the lists a decision changed as stale; they load again and show it as it comes. Not awaited: the
 * write is done once the server answered, so a form that clears for the next entry clears before the
 * refreshed list shows — awaited, it cleared after, taking what the admin had typed in the meantime.
 */
function invalidate(queryClient: FlowHost['queryClient'], ...queryKeys: readonly (readonly unknown[])[]): Promise<unknown> {
  return Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

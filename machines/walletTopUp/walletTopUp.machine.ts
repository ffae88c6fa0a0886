import { assign, setup } from 'xstate';
import { fitsDecimals, toUnits } from '../../contract/decimal';
import type { WalletPayee } from '../../contract/walletPayment';
import { unprovided } from '../parts/unprovided';

interface WalletTopUpContext {
  payee: WalletPayee;
  /** The deposit address's minimum, in the asset. */
  minimum: string;
  /** Why the amount was refused, said next to the field until it changes; nothing was sent. */
  problem: 'invalid' | 'belowMinimum' | null;
  /** The transaction this block asked the wallet for (the wallet lives as long as the page: an earlier hash is not this deposit's). */
  transactionHash: string | null;
}

type WalletTopUpEvent =
  | { type: 'AMOUNT_CHANGED' }
  /** The amount as typed: a decimal string, or what could not be read as one. */
  | { type: 'AMOUNT_SUBMITTED'; amount: string };

const AMOUNT = /^\d{1,30}(\.\d{1,18})?$/;

/** The amount in the payee's smallest unit; 0 for what is not an amount it can carry. */
function unitsOf(amount: string, payee: WalletPayee): bigint {
  if (!AMOUNT.test(amount) || !fitsDecimals(amount, payee.decimals)) return 0n;
  return toUnits(amount, payee.decimals);
}

/**
 * Top up from a browser wallet, on the deposit screen under the address, once the wallet is connected
 * on the address's chain: the customer enters an amount (positive, not below the deposit minimum), the
 * wallet is asked to send it to the address, and the hash of what it sent is shown. The deposit itself
 * is then followed above like any other.
 */
export const walletTopUpMachine = setup({
  types: {
    context: {} as WalletTopUpContext,
    input: {} as { payee: WalletPayee; minimum: string },
    events: {} as WalletTopUpEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** Asks the page's wallet to send the payment; answers its hash, or rejects with the wallet's failure (which the wallet block says). */
    sendFromWallet: unprovided<string, { payee: WalletPayee; amount: string }>('sendFromWallet'),
  },
  guards: {
    positive: ({ context, event }) => event.type === 'AMOUNT_SUBMITTED' && unitsOf(event.amount, context.payee) > 0n,
    // Positive as well: a minimum of 0 must not let an unreadable amount (0 units) through.
    atLeastMinimum: ({ context, event }) => {
      if (event.type !== 'AMOUNT_SUBMITTED') return false;
      const units = unitsOf(event.amount, context.payee);
      return units > 0n && units >= toUnits(context.minimum, context.payee.decimals);
    },
  },
}).createMachine({
  id: 'walletTopUp',
  description: 'An amount (positive, not below the deposit minimum), sent from the connected wallet to the customer’s deposit address.',
  context: ({ input }) => ({ payee: input.payee, minimum: input.minimum, problem: null, transactionHash: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The amount to send from the wallet.',
      meta: { view: { testId: 'wallet-top-up' } },
      on: {
        AMOUNT_CHANGED: { description: 'A refusal is said until the amount changes.', actions: assign({ problem: null }) },
        AMOUNT_SUBMITTED: [
          {
            guard: 'atLeastMinimum',
            target: 'sending',
            description: 'The amount is at least the deposit minimum: the wallet is asked to send it.',
            actions: assign({ problem: null }),
          },
          { guard: 'positive', description: 'Below the deposit minimum: nothing is sent.', actions: assign({ problem: 'belowMinimum' }) },
          { description: 'Not a positive amount: nothing is sent.', actions: assign({ problem: 'invalid' }) },
        ],
      },
    },
    sending: {
      tags: 'busy',
      description: 'The wallet shows the transaction; the customer signs it, or refuses.',
      meta: { view: { testId: 'wallet-top-up' } },
      invoke: {
        id: 'sendFromWallet',
        src: 'sendFromWallet',
        input: ({ context, event }) => {
          if (event.type !== 'AMOUNT_SUBMITTED') throw new Error('sendFromWallet starts from AMOUNT_SUBMITTED');
          return { payee: context.payee, amount: event.amount };
        },
        onDone: {
          target: 'sent',
          description: 'The wallet sent it: the transaction hash shows.',
          actions: assign({ transactionHash: ({ event }) => event.output }),
        },
        onError: { target: 'editing', description: 'Refused or failed: the wallet block says why; the amount stays.' },
      },
    },
    sent: {
      description: 'Sent: its hash, while the deposit above follows it to its confirmations.',
      meta: { view: { testId: 'wallet-top-up-sent' } },
    },
  },
});

import { assign, setup } from 'xstate';
import type { CryptoAsset } from '../../contract/assets';
import { EVM_CHAINS, EVM_NETWORK_CODES } from '../../contract/chainList';
import {
  ADDRESS_LABEL_MAX_LENGTH,
  type BitcoinNetwork,
  type Withdrawal,
  type WithdrawalAddress,
  type WithdrawalAddresses,
  type WithdrawalNetwork,
  type WithdrawalQuote,
} from '../../contract/withdrawals';
import type { Failure } from '../parts/failure';
import { bookActions, bookGuards, destinationBook, type BookContext, type BookEvent } from '../parts/destinationBook';
import type { SubmitIntent } from '../parts/idempotentSubmit';
import { amountOnForm, quoteToSettled, sendOutActions, sendOutGuards, stepUpThenSave } from '../parts/sendOut';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { unprovided } from '../parts/unprovided';

export interface WithdrawalInput {
  asset: CryptoAsset;
  /** The asset's balance as the page opened (0 without an account); null when it could not be read, and the quote checks alone. */
  balance: string | null;
}

/** How often a sent withdrawal is asked about until it is confirmed or failed. */
export const WITHDRAWAL_POLL_MS = 3_000;

/** The networks an asset can be withdrawn over: Bitcoin for BTC; the EVM chains whose native coin it is, or that carry it as a token (USDT, USDC). */
export function withdrawalNetworks(asset: CryptoAsset): WithdrawalNetwork[] {
  if (asset === 'BTC') return ['bitcoin'];
  return EVM_NETWORK_CODES.filter((network) => EVM_CHAINS[network].nativeCurrency.symbol === asset || asset in EVM_CHAINS[network].tokens);
}

interface Context extends BookContext {
  asset: CryptoAsset;
  networks: WithdrawalNetwork[];
  network: WithdrawalNetwork | null;
  addresses: WithdrawalAddress[];
  /** From the address book's answer: how long a new address waits, and which Bitcoin addresses the server takes. */
  coolingOffSeconds: number;
  bitcoinNetwork: BitcoinNetwork;
  addressId: string | null;
  /** What the balance allows, updated as it changes (`BALANCE_CHANGED`); null when unknown. */
  balance: string | null;
  /** As typed, kept through every refusal. */
  amount: string;
  /** The new address being added, as typed. */
  draft: { address: string; label: string };
  quote: WithdrawalQuote | null;
  withdrawal: Withdrawal | null;
  failure: Failure | null;
}

type Event =
  | { type: 'BALANCE_CHANGED'; balance: string }
  | { type: 'NETWORK_CHOSEN'; network: WithdrawalNetwork }
  | { type: 'ADDRESS_CHOSEN'; addressId: string }
  | { type: 'AMOUNT_CHANGED'; amount: string }
  | { type: 'QUOTE_REQUESTED' }
  | { type: 'ADD_ADDRESS_STARTED' }
  | { type: 'ADDRESS_SUBMITTED'; address: string; label: string }
  | { type: 'ADD_ADDRESS_CANCELLED' }
  | BookEvent
  | { type: 'CONFIRMED' }
  | { type: 'EDIT_REQUESTED' }
  | { type: 'RETRY' };

const output = <T>(event: unknown) => (event as { output: T }).output;

const form = amountOnForm({ destination: 'Address', incomplete: 'withdrawal_incomplete' });
const save = stepUpThenSave({
  what: 'address',
  form: 'addingAddress',
  stepUpState: 'steppingUpForAddress',
  saveState: 'savingAddress',
  save: 'saveAddress',
  input: ({ context }: { context: Context }) => ({
    network: context.network!,
    address: context.draft.address,
    // An address saved without a label is named by its start.
    label: context.draft.label || context.draft.address.slice(0, 10),
  }),
  saved: 'addressSaved',
});
const book = destinationBook({
  what: 'address',
  form: 'editing',
  label: 'labelAddress',
  remove: 'removeAddress',
  removal: 'Withdrawals already made to it keep it; adding it again waits the cooling-off period.',
});
/** The network's first saved address: what the form chooses when the customer has not (or the chosen one went). */
const firstOn = (addresses: readonly WithdrawalAddress[], network: WithdrawalNetwork | null) =>
  addresses.find((address) => address.network === network)?.id ?? null;
const tail = quoteToSettled({
  what: 'withdrawal',
  submitState: 'withdrawing',
  final: '#withdrawal.settled',
  quote: 'requestQuote',
  quoteInput: ({ context }: { context: Context }) => ({
    asset: context.asset,
    addressId: context.addressId!,
    amount: context.amount.trim(),
  }),
  submit: 'withdraw',
  check: 'checkWithdrawal',
  checkInput: ({ context }: { context: Context }) => ({ id: context.withdrawal!.id }),
  delay: 'WITHDRAWAL_POLL',
  descriptions: {
    quoting: 'Waiting for a price: the network fee and what arrives at the address.',
    quoted: 'The quote arrived: the fee, what arrives and where show for review.',
    unquoted: 'No quote (funds, limit, offline): the form says why and keeps what was typed.',
    reviewing: 'The quote: amount, network fee, what arrives, where; “Confirm” or “Change”.',
    following: 'Held and being sent: the status (and the transaction hash once sent), asked again every few seconds.',
    settled: 'The withdrawal was confirmed on the chain or failed: the page shows the outcome.',
  },
});

/**
 * /accounts/crypto/withdraw/{iso}: the network, a saved address (or a new one, added with its own
 * step-up and usable after the cooling-off period), the amount (the field's Max enters the whole
 * balance, as typing it would); the server quotes the network fee from the chain and what arrives;
 * more than the balance is refused as it is typed; confirming asks the server, which checks funds and limit
 * before it asks for the step-up for `withdrawal`, so no code is sent for a refusal; it withdraws once; the withdrawal is then followed until it
 * is confirmed (with its transaction hash) or failed (the amount came back).
 */
export const withdrawalMachine = setup({
  types: { input: {} as WithdrawalInput, context: {} as Context, events: {} as Event },
  actors: {
    /** GET /withdrawal-addresses. */
    loadAddresses: unprovided<WithdrawalAddresses, void>('loadAddresses'),
    /** The address's form and checksum (EIP-55; Bitcoin's, and its network), in the browser before any step-up (the server checks again). */
    checkAddress: unprovided<void, { network: WithdrawalNetwork; address: string; bitcoinNetwork: BitcoinNetwork }>('checkAddress'),
    stepUp: stepUpMachine,
    /** POST /withdrawal-addresses. */
    saveAddress: unprovided<WithdrawalAddress, { network: WithdrawalNetwork; address: string; label: string }>('saveAddress'),
    /** PATCH /withdrawal-addresses/:id. */
    labelAddress: unprovided<WithdrawalAddress, { id: string; label: string }>('labelAddress'),
    /** DELETE /withdrawal-addresses/:id: the book as it is now. */
    removeAddress: unprovided<WithdrawalAddresses, { id: string }>('removeAddress'),
    /** POST /withdrawals/quotes. */
    requestQuote: unprovided<WithdrawalQuote, { asset: CryptoAsset; addressId: string; amount: string }>('requestQuote'),
    /** POST /withdrawals, once per quote (`idempotentSubmit`); refreshes the balances when it went through. */
    withdraw: unprovided<Withdrawal, { quoteId: string } & SubmitIntent>('withdraw'),
    /** GET /withdrawals/:id. */
    checkWithdrawal: unprovided<Withdrawal, { id: string }>('checkWithdrawal'),
  },
  guards: {
    ...sendOutGuards<Context>((context) => context.addressId),
    ...bookGuards<Context>((context) => context.addresses, ADDRESS_LABEL_MAX_LENGTH),
    settled: ({ event }) => ['confirmed', 'failed'].includes(output<Withdrawal>(event).status),
  },
  actions: {
    ...sendOutActions<Context, Event>(),
    statusRead: assign({ withdrawal: ({ event }) => output<Withdrawal>(event) }),
    addressSaved: assign({
      addresses: ({ context, event }) => [output<WithdrawalAddress>(event), ...context.addresses],
      addressId: ({ event }) => output<WithdrawalAddress>(event).id,
      draft: { address: '', label: '' },
    }),
    ...bookActions<Context, Event, WithdrawalAddress>({
      entries: (context) => context.addresses,
      // The chosen address stays chosen unless it was the one removed; then the network's newest left is.
      kept: (context, addresses) => ({
        addresses,
        addressId: addresses.some((address) => address.id === context.addressId) ? context.addressId : firstOn(addresses, context.network),
      }),
      fromBook: (answer: WithdrawalAddresses) => answer.addresses,
      maxLength: ADDRESS_LABEL_MAX_LENGTH,
    }),
  },
  delays: { WITHDRAWAL_POLL: WITHDRAWAL_POLL_MS },
}).createMachine({
  id: 'withdrawal',
  description:
    'Withdraw a coin on-chain: network, a saved or new address (saved ones renamed or removed), the amount (or Max), the quote with the network fee from the chain, the step-up, then the withdrawal followed to its confirmation.',
  context: ({ input }) => {
    const networks = withdrawalNetworks(input.asset);
    return {
      asset: input.asset,
      balance: input.balance,
      networks,
      network: networks[0] ?? null,
      addresses: [],
      coolingOffSeconds: 0,
      bitcoinNetwork: 'mainnet',
      addressId: null,
      amount: '',
      draft: { address: '', label: '' },
      entryId: null,
      labelError: null,
      quote: null,
      withdrawal: null,
      failure: null,
    };
  },
  initial: 'loading',
  on: {
    BALANCE_CHANGED: {
      actions: assign({ balance: ({ event }) => event.balance }),
      description: 'A deposit came or money left: the checks use the new balance.',
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      description: "Loading the customer's saved withdrawal addresses.",
      invoke: {
        id: 'loadAddresses',
        src: 'loadAddresses',
        onDone: {
          description: 'The saved addresses arrived: the form opens with the network’s address chosen.',
          target: 'editing',
          actions: assign({
            addresses: ({ event }) => event.output.addresses,
            coolingOffSeconds: ({ event }) => event.output.coolingOffSeconds,
            bitcoinNetwork: ({ event }) => event.output.bitcoinNetwork,
            addressId: ({ context, event }) => firstOn(event.output.addresses, context.network),
          }),
        },
        onError: {
          target: 'failed',
          description: 'The address book could not be loaded (offline): the page offers to try again.',
          actions: 'failed',
        },
      },
    },
    failed: {
      tags: ['failed'],
      description: 'The address book could not be loaded (offline): “Try again”.',
      on: {
        RETRY: {
          target: 'loading',
          description: 'The customer tries again: the address book is loaded once more.',
          actions: assign({ failure: null }),
        },
      },
    },
    editing: {
      description: 'The form: network, address, amount with Max; a refusal shows next to it, nothing typed is lost.',
      meta: { route: '/accounts/crypto/withdraw/:iso' },
      on: {
        NETWORK_CHOSEN: {
          description: 'The customer chose a network: its saved address, if any, is chosen.',
          actions: assign({
            network: ({ event }) => event.network,
            addressId: ({ context, event }) => firstOn(context.addresses, event.network),
          }),
        },
        ADDRESS_CHOSEN: {
          description: 'The customer chose one of the saved addresses.',
          actions: assign({ addressId: ({ event }) => event.addressId }),
        },
        AMOUNT_CHANGED: form.AMOUNT_CHANGED,
        ADD_ADDRESS_STARTED: {
          target: 'addingAddress',
          description: 'The customer asked to add a new address: its form opens.',
          actions: assign({ failure: null }),
        },
        QUOTE_REQUESTED: form.QUOTE_REQUESTED,
        ...book.on,
      },
    },
    ...book.states,
    addingAddress: {
      tags: ['newDestination'],
      description: 'A new address and its label, kept as typed on a refusal.',
      on: {
        ADDRESS_SUBMITTED: {
          description: 'The customer sent the new address: it is checked before anything else.',
          target: 'checkingAddress',
          actions: assign({ draft: ({ event }) => ({ address: event.address.trim(), label: event.label.trim() }), failure: null }),
        },
        ADD_ADDRESS_CANCELLED: {
          target: 'editing',
          description: 'The customer gave up adding the address: back to the form.',
          actions: assign({ failure: null }),
        },
      },
    },
    checkingAddress: {
      tags: ['busy', 'newDestination'],
      description: 'A malformed or mistyped (checksum) address is refused at once, before the step-up.',
      invoke: {
        id: 'checkAddress',
        src: 'checkAddress',
        input: ({ context }) => ({ network: context.network!, address: context.draft.address, bitcoinNetwork: context.bitcoinNetwork }),
        onDone: {
          target: 'steppingUpForAddress',
          description: 'The address is well formed: the customer confirms it is them before it is saved.',
        },
        onError: {
          target: 'addingAddress',
          description: 'The address is malformed or mistyped: the form says why and keeps it.',
          actions: 'failed',
        },
      },
    },
    steppingUpForAddress: save.stepUp,
    savingAddress: save.saving,
    quoting: tail.quoting,
    reviewing: tail.reviewing,
    steppingUp: tail.steppingUp,
    withdrawing: tail.submitting,
    following: tail.following,
    settled: {
      type: 'final',
      description: 'Confirmed with its transaction hash, or failed with the amount returned.',
    },
  },
});

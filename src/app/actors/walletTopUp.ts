import type { ActorRefFrom } from 'xstate';
import { fromPromise } from 'xstate';
import { walletPayment } from '../../../contract/walletPayment';
import type { walletMachine } from '../../../machines/wallet/wallet.machine';
import type { walletTopUpMachine } from '../../../machines/walletTopUp/walletTopUp.machine';

/**
 * The wallet top-up's one move: the page's wallet (the app's child) is asked to send, and followed until
 * it has sent (its hash) or not (its failure, which the wallet block shows).
 */
export function walletTopUpActors({ wallet }: { wallet(): ActorRefFrom<typeof walletMachine> }) {
  return {
    actors: {
      sendFromWallet: fromPromise<string, { payee: Parameters<typeof walletPayment>[0]; amount: string }>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            const actor = wallet();
            // A hash the wallet kept from before is not this payment's (the wallet ignores a send unless ready).
            const earlier = actor.getSnapshot().context.transactionHash;
            actor.send({ type: 'SEND_REQUESTED', transaction: walletPayment(input.payee, input.amount) });
            // Refused by the pre-send check, the wallet is not busy at all; else it is until it has an answer.
            const settle = (snapshot: ReturnType<typeof actor.getSnapshot>) => {
              if (snapshot.hasTag('busy')) return;
              subscription.unsubscribe();
              const { transactionHash, failure } = snapshot.context;
              if (transactionHash && transactionHash !== earlier) resolve(transactionHash);
              else reject(failure ?? new Error('The wallet did not send'));
            };
            const subscription = actor.subscribe(settle);
            signal.addEventListener('abort', () => subscription.unsubscribe());
            settle(actor.getSnapshot());
          }),
      ),
    },
  } satisfies Parameters<typeof walletTopUpMachine.provide>[0];
}

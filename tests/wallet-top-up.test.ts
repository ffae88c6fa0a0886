import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { WalletTransaction } from '../contract/wallet';
import { walletMachine, type WalletReconnected } from '../machines/wallet/wallet.machine';
import { walletTopUpMachine } from '../machines/walletTopUp/walletTopUp.machine';
import { connectWalletTopUp } from '../machines/walletTopUp/walletTopUp.view';
import { walletTopUpActors } from '../src/app/actors/walletTopUp';

const payee = { address: '0x8C8d35429F74ec245F8Ef2f4Fd1e551cFF97d650', chainId: 31338, token: null, decimals: 18 };
const HASH = `0x${'cd'.repeat(32)}`;

describe('the wallet top-up view', () => {
  const context = { payee, minimum: '0.001', problem: null, transactionHash: null };
  const at = (value: string, extra: object = {}) =>
    connectWalletTopUp(walletTopUpMachine.resolveState({ value: value as never, context: { ...context, ...extra } }), () => {});

  it('shows the form with the refusal, busy while the wallet is asked, then only its own transaction', () => {
    expect(at('editing', { problem: 'belowMinimum' })).toMatchObject({
      sent: null,
      busy: false,
      problem: 'belowMinimum',
      minimum: '0.001',
    });
    expect(at('sending')).toMatchObject({ sent: null, busy: true, problem: null });
    expect(at('sent', { transactionHash: HASH })).toMatchObject({ sent: HASH, busy: false });
  });
});

describe('sending from the page’s wallet', () => {
  /** A wallet connected on Base whose prompt signs (answers HASH) or is refused; it records what it was asked to send. */
  function pageWallet(outcome: 'signs' | 'refuses') {
    const asked: WalletTransaction[] = [];
    const wallet = createActor(
      walletMachine.provide({
        actors: {
          reconnect: fromPromise(async (): Promise<WalletReconnected> => ({
            chainIds: [31338],
            connection: { connectorId: 'test', accounts: ['0xabc'], chainId: 31338 },
          })),
          sendTransaction: fromPromise(async ({ input }: { input: { transaction: WalletTransaction } }) => {
            asked.push(input.transaction);
            if (outcome === 'refuses') throw { code: 'user_rejected' };
            return HASH;
          }),
        },
      }),
    ).start();
    return { wallet: () => wallet, asked, started: waitFor(wallet, (s) => s.hasTag('connected')) };
  }
  const topUp = (host: { wallet: ReturnType<typeof pageWallet>['wallet'] }, minimum = '0.001') =>
    createActor(walletTopUpMachine.provide(walletTopUpActors(host)), { input: { payee, minimum } }).start();

  it('asks the wallet for the amount to the address and shows the hash it answers', async () => {
    const host = pageWallet('signs');
    await host.started;
    const flow = topUp(host);
    connectWalletTopUp(flow.getSnapshot(), flow.send).send('0.01');
    const sent = await waitFor(flow, (s) => s.matches('sent'));
    expect(connectWalletTopUp(sent, () => {}).sent).toBe(HASH);
    expect(host.asked).toEqual([{ to: payee.address, chainId: 31338, value: 10n ** 16n }]);
  });

  it('says a refused amount next to the field and asks the wallet nothing; a change clears it', async () => {
    const host = pageWallet('signs');
    await host.started;
    const flow = topUp(host);
    for (const [amount, problem] of [
      ['0', 'invalid'],
      ['abc', 'invalid'],
      ['0.0001', 'belowMinimum'],
    ] as const) {
      flow.send({ type: 'AMOUNT_SUBMITTED', amount });
      expect(connectWalletTopUp(flow.getSnapshot(), flow.send).problem).toBe(problem);
    }
    connectWalletTopUp(flow.getSnapshot(), flow.send).typeAmount();
    expect(connectWalletTopUp(flow.getSnapshot(), flow.send).problem).toBeNull();
    expect(host.asked).toEqual([]);
  });

  it('refuses what is not a positive amount also where the minimum is 0', async () => {
    const host = pageWallet('signs');
    await host.started;
    const flow = topUp(host, '0');
    for (const amount of ['0', 'abc', '0.0000000000000000001']) {
      flow.send({ type: 'AMOUNT_SUBMITTED', amount });
      expect(connectWalletTopUp(flow.getSnapshot(), flow.send).problem).toBe('invalid');
    }
    expect(host.asked).toEqual([]);
  });

  it('goes back to the amount when the wallet refuses', async () => {
    const host = pageWallet('refuses');
    await host.started;
    const flow = topUp(host);
    connectWalletTopUp(flow.getSnapshot(), flow.send).send('0.01');
    await waitFor(flow, (s) => s.matches('editing'));
    expect(host.asked).toHaveLength(1);
    expect(host.wallet().getSnapshot().context.failure).toEqual({ code: 'user_rejected' });
    expect(connectWalletTopUp(flow.getSnapshot(), flow.send)).toMatchObject({ sent: null, busy: false, problem: null });
  });

  it('does not take a transaction the page’s wallet sent before this block opened for its own', async () => {
    const host = pageWallet('signs');
    await host.started;
    host.wallet().send({ type: 'SEND_REQUESTED', transaction: { to: payee.address, chainId: 31338, value: 1n } });
    await waitFor(host.wallet(), (s) => s.context.transactionHash === HASH);
    const flow = topUp(host);
    expect(connectWalletTopUp(flow.getSnapshot(), flow.send).sent).toBeNull();
    // Nor when the wallet, no longer connected, ignores the send and still holds that hash.
    host.wallet().send({ type: 'WALLET_DISCONNECTED' });
    connectWalletTopUp(flow.getSnapshot(), flow.send).send('0.01');
    await waitFor(flow, (s) => s.matches('editing'));
    expect(connectWalletTopUp(flow.getSnapshot(), flow.send).sent).toBeNull();
  });
});

import { setup, type InputFrom } from 'xstate';
import { balancesMachine } from './balances.machine';
import { chunkReloadMachine } from './chunkReload.machine';
import { idleMachine } from './idle.machine';
import { languageMachine } from './language.machine';
import { routeGuardMachine } from './routeGuard.machine';
import { sessionMachine } from './session.machine';
import { versionReloadMachine } from './versionReload.machine';
import { walletMachine } from './wallet.machine';

/** What the page knows when it starts, per long-lived child. */
export interface AppInput {
  session: InputFrom<typeof sessionMachine>;
  language: InputFrom<typeof languageMachine>;
  versionReload: InputFrom<typeof versionReloadMachine>;
  chunkReload: InputFrom<typeof chunkReloadMachine>;
  idle: InputFrom<typeof idleMachine>;
  balances: InputFrom<typeof balancesMachine>;
  wallet: {
    /** The device's flag: the last visit left a wallet connected, so the wallet starts with the page. */
    connectedLastVisit: boolean;
  };
}

/**
 * The ids the app finds its long-lived actors by (`actor.system.get(id)`), one per child that runs
 * from the start: what the first render reads, and the idle watch, whose limit counts from the page's load.
 */
export const APP_CHILDREN = ['session', 'language', 'chunkReload', 'routeGuard', 'idle', 'balances'] as const;
/**
 * Children the first render does not read: they start once the page is rendered (`APP_HYDRATED`), so
 * creating them is not part of the start's long tasks (issue 9). The app finds them, and the wallet when
 * it starts, among the app's children by id.
 */
export const APP_CHILDREN_AFTER_RENDER = ['versionReload'] as const;
export type AppChildId = (typeof APP_CHILDREN)[number] | (typeof APP_CHILDREN_AFTER_RENDER)[number];

export const appMachine = setup({
  types: {
    context: {} as AppInput,
    input: {} as AppInput,
    children: {} as {
      session: 'session';
      language: 'language';
      versionReload: 'versionReload';
      chunkReload: 'chunkReload';
      routeGuard: 'routeGuard';
      idle: 'idle';
      wallet: 'wallet';
    },
    events: {} as { type: 'WALLET_ROUTE_OPENED' } | { type: 'APP_HYDRATED' },
  },
  // The app provides each child with its real implementations; flow machines are not here: their
  // screens start them, so they load with their screens.
  actors: {
    session: sessionMachine,
    language: languageMachine,
    versionReload: versionReloadMachine,
    chunkReload: chunkReloadMachine,
    routeGuard: routeGuardMachine,
    idle: idleMachine,
    balances: balancesMachine,
    wallet: walletMachine,
  },
  guards: {
    walletConnectedLastVisit: ({ context }) => context.wallet.connectedLastVisit,
  },
}).createMachine({
  id: 'app',
  description:
    'Owns the actors that live as long as the page: session, language, chunk reload, the route guard, the idle watch and the balances from the start, each with a systemId so the app and its screens find them; the new-version reload once the first render is on screen; the wallet when needed.',
  context: ({ input }) => input,
  initial: 'running',
  states: {
    running: {
      description: 'The page is open: the children the first render reads run from the start.',
      invoke: [
        { id: 'session', systemId: 'session', src: 'session', input: ({ context }) => context.session },
        { id: 'routeGuard', systemId: 'routeGuard', src: 'routeGuard' },
        { id: 'chunkReload', systemId: 'chunkReload', src: 'chunkReload', input: ({ context }) => context.chunkReload },
        { id: 'language', systemId: 'language', src: 'language', input: ({ context }) => context.language },
        { id: 'idle', systemId: 'idle', src: 'idle', input: ({ context }) => context.idle },
        { id: 'balances', systemId: 'balances', src: 'balances', input: ({ context }) => context.balances },
      ],
      initial: 'rendering',
      states: {
        rendering: {
          description: 'The first render (or the hydration of the prerendered page) is under way.',
          on: {
            APP_HYDRATED: { target: 'rendered', description: 'The first render is on screen.' },
            // The first page is a wallet page: its render needs the wallet now.
            WALLET_ROUTE_OPENED: { target: 'rendered.walletRunning', description: 'The first page is a wallet page.' },
          },
        },
        rendered: {
          description: 'The page is rendered: the new-version reload runs too.',
          // Found by id (`children.versionReload`), without a systemId: one registered in the actor system
          // could not be entered on two paths of the model's traversal, which shares one system.
          invoke: { id: 'versionReload', src: 'versionReload', input: ({ context }) => context.versionReload },
          initial: 'startingWallet',
          states: {
            startingWallet: {
              description: 'The wallet starts now only when the last visit left one connected.',
              always: [{ guard: 'walletConnectedLastVisit', target: 'walletRunning' }, { target: 'walletNotNeeded' }],
            },
            walletNotNeeded: {
              description: 'No wallet yet: its libraries (wagmi, viem) stay unloaded.',
              on: { WALLET_ROUTE_OPENED: { target: 'walletRunning', description: 'A wallet page opened for the first time.' } },
            },
            walletRunning: {
              description: 'The wallet runs until the page closes.',
              invoke: { id: 'wallet', src: 'wallet' },
            },
          },
        },
      },
    },
  },
});

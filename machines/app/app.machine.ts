import { assign, sendTo, setup, type InputFrom } from 'xstate';
import { balancesMachine } from '../balances/balances.machine';
import { chunkReloadMachine } from '../chunkReload/chunkReload.machine';
import { idleMachine } from '../idle/idle.machine';
import { languageMachine } from '../language/language.machine';
import { routeGuardMachine } from '../routeGuard/routeGuard.machine';
import { sessionMachine } from '../session/session.machine';
import { versionReloadMachine } from '../versionReload/versionReload.machine';
import { walletMachine } from '../wallet/wallet.machine';

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
  /** The browser's connection when the page starts (`navigator.onLine`). */
  online: boolean;
}

interface AppContext extends AppInput {
  /** The page a screen's code could not be loaded for while offline: loaded again once online. */
  failedScreenHref: string | null;
}

/** A screen's code failed to load (`vite:preloadError`), on the way to `targetHref`. */
type ChunkLoadFailed = { type: 'CHUNK_LOAD_FAILED'; targetHref: string; at: number };

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
    context: {} as AppContext,
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
    events: {} as
      | { type: 'WALLET_ROUTE_OPENED' }
      | { type: 'APP_HYDRATED' }
      | { type: 'WENT_OFFLINE' }
      | { type: 'WENT_ONLINE'; at: number }
      | ChunkLoadFailed,
    tags: {} as 'offline',
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
    startedOffline: ({ context }) => !context.online,
  },
  actions: {
    rememberFailedScreen: assign({ failedScreenHref: (_, params: { href: string }) => params.href }),
    // The screen-load failure's own rule decides: one reload, or the error page within its 10 s guard.
    reportScreenFailure: sendTo('chunkReload', (_, params: ChunkLoadFailed) => params),
  },
}).createMachine({
  id: 'app',
  description:
    'Owns the actors that live as long as the page: session, language, chunk reload, the route guard, the idle watch and the balances from the start, each with a systemId so the app and its screens find them; the new-version reload once the first render is on screen; the wallet when needed.',
  context: ({ input }) => ({ ...input, failedScreenHref: null }),
  initial: 'running',
  states: {
    running: {
      description: 'The page is open: the children the first render reads run from the start.',
      type: 'parallel',
      invoke: [
        { id: 'session', systemId: 'session', src: 'session', input: ({ context }) => context.session },
        { id: 'routeGuard', systemId: 'routeGuard', src: 'routeGuard' },
        { id: 'chunkReload', systemId: 'chunkReload', src: 'chunkReload', input: ({ context }) => context.chunkReload },
        { id: 'language', systemId: 'language', src: 'language', input: ({ context }) => context.language },
        { id: 'idle', systemId: 'idle', src: 'idle', input: ({ context }) => context.idle },
        { id: 'balances', systemId: 'balances', src: 'balances', input: ({ context }) => context.balances },
      ],
      states: {
        page: {
          description: 'The first render, then what starts after it.',
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
                  always: [
                    {
                      guard: 'walletConnectedLastVisit',
                      target: 'walletRunning',
                      description: 'The wallet was connected on the last visit: it starts again at once.',
                    },
                    { target: 'walletNotNeeded', description: 'No wallet was connected: it starts only when a wallet page opens.' },
                  ],
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
        connection: {
          description:
            'Online or offline, as the browser says: offline the shell says so and nothing reloads the page, which would only show the browser’s own offline page.',
          initial: 'starting',
          states: {
            starting: {
              description: 'Reads whether the browser starts online or offline.',
              always: [
                {
                  guard: 'startedOffline',
                  target: 'offline',
                  description: 'The page opened without a connection: the offline notice shows.',
                },
                { target: 'online', description: 'The page opened online: screens load as usual.' },
              ],
            },
            online: {
              description: 'Screens load normally; a screen whose code fails to load takes the screen-load failure’s path.',
              on: {
                WENT_OFFLINE: { target: 'offline', description: 'The browser lost its connection.' },
                CHUNK_LOAD_FAILED: {
                  actions: { type: 'reportScreenFailure', params: ({ event }) => event },
                  description: 'A reload may load it (a new release removed the old files).',
                },
              },
            },
            offline: {
              description: 'The shell shows the offline notice and keeps its navigation; nothing reloads.',
              tags: 'offline',
              initial: 'browsing',
              states: {
                browsing: {
                  description: 'Pages already loaded keep working.',
                  on: {
                    CHUNK_LOAD_FAILED: {
                      target: 'screenMissing',
                      actions: { type: 'rememberFailedScreen', params: ({ event }) => ({ href: event.targetHref }) },
                      description: 'A screen’s code could not load without the connection: its place shows the notice.',
                    },
                  },
                },
                screenMissing: {
                  description: 'A screen is waiting for its code; the connection’s return loads it.',
                  on: {
                    CHUNK_LOAD_FAILED: {
                      actions: { type: 'rememberFailedScreen', params: ({ event }) => ({ href: event.targetHref }) },
                      description: 'Another screen could not load: the latest one is loaded once online.',
                    },
                    WENT_ONLINE: {
                      target: '#app.running.connection.online',
                      actions: [
                        {
                          type: 'reportScreenFailure',
                          params: ({ context, event }) => ({
                            type: 'CHUNK_LOAD_FAILED' as const,
                            targetHref: context.failedScreenHref!,
                            at: event.at,
                          }),
                        },
                        assign({ failedScreenHref: null }),
                      ],
                      description: 'Back online: the missing screen takes the screen-load failure’s path.',
                    },
                  },
                },
              },
              on: { WENT_ONLINE: { target: 'online', description: 'Back online with every screen loaded.' } },
            },
          },
        },
      },
    },
  },
});

import type { AnyStateMachine, EventFromLogic, EventObject, InputFrom, OutputFrom, SnapshotFrom, StateMachine } from 'xstate';
import type { PageLanguage } from './page';

/*
 * The test model of a flow: everything the path generator (`tests/models/graph/paths.ts`) needs besides the machine
 * itself. Each `tests/models/<flow>.model.ts` declares one and the test catalog (`tests/models/catalog.ts`)
 * joins it to its machine. Test tooling only: /flows gets its paths generated at build time (`npm run flows`).
 */

type EventOf<M extends AnyStateMachine> = EventFromLogic<M>;
type EventType<M extends AnyStateMachine> = EventOf<M>['type'];
type EventOfType<M extends AnyStateMachine, T> = Extract<EventOf<M>, { type: T }>;

/** The actors declared in the machine's `setup({ actors })`. */
type ActorsOf<M> =
  M extends StateMachine<
    infer _Context,
    infer _Event,
    infer _Children,
    infer TActor,
    infer _Action,
    infer _Guard,
    infer _Delay,
    infer _StateValue,
    infer _Tag,
    infer _Input,
    infer _Output,
    infer _Emitted,
    infer _Meta,
    infer _StateSchema,
    infer _TransitionMeta
  >
    ? TActor
    : never;
type ActorName<M extends AnyStateMachine> = ActorsOf<M>['src'];

/** The delays declared in the machine's `setup({ delays })`. */
type DelayName<M> =
  M extends StateMachine<
    infer _Context,
    infer _Event,
    infer _Children,
    infer _Actor,
    infer _Action,
    infer _Guard,
    infer TDelay,
    infer _StateValue,
    infer _Tag,
    infer _Input,
    infer _Output,
    infer _Emitted,
    infer _Meta,
    infer _StateSchema,
    infer _TransitionMeta
  >
    ? TDelay
    : never;
type ActorOutput<M extends AnyStateMachine, Name> = OutputFrom<Extract<ActorsOf<M>, { src: Name }>['logic']>;
type ActorInput<M extends AnyStateMachine, Name> = InputFrom<Extract<ActorsOf<M>, { src: Name }>['logic']>;

type Snapshot<M extends AnyStateMachine> = SnapshotFrom<M>;

/** `'a' | { b: 'c' }` → `'a' | 'b' | 'b.c'`: the states of a machine as dotted paths from the root. */
type PathsOf<V> = V extends string
  ? V
  : V extends Record<string, unknown>
    ? { [K in keyof V & string]: K | `${K}.${PathsOf<V[K]>}` }[keyof V & string]
    : never;
/** A state of the machine, as its dotted path from the root (`checkingAccess`, `payment.confirming`). */
export type StatePath<M extends AnyStateMachine> = PathsOf<Snapshot<M>['value']>;

/**
 * Every event type the machine accepts, each with named payloads (the event without its `type`). Every
 * payload becomes an edge of the graph wherever the event is handled; the name labels the step.
 * A mapped type over the machine's events, so a new event does not compile until it has a fixture.
 */
export type EventFixtures<M extends AnyStateMachine> = {
  [T in EventType<M>]: Record<string, Omit<EventOfType<M, T>, 'type'>>;
};

/** How an invoked actor can settle in the model. Each name becomes a branch of the paths. */
export interface ActorFixture<TOutput> {
  /** Name → output the actor resolves with. */
  done: Record<string, TOutput>;
  /** Name → what the actor rejects with. Leave it out only when the actor cannot fail. */
  error?: Record<string, unknown>;
}

/**
 * Outcomes per invoke id. Meridian gives every `invoke` the id of the actor it runs (`id: 'saveLanguage',
 * src: 'saveLanguage'`), so the keys are the actors of `setup()` — a new actor does not compile until it
 * has fixtures — and they are also the ids in the synthesized `xstate.done.actor.<id>` events.
 */
export type ActorFixtures<M extends AnyStateMachine> = {
  [Name in ActorName<M>]: ActorFixture<ActorOutput<M, Name>>;
};

/** A rule that holds whenever the state is active: `true`, or a message saying what is wrong. */
export type Invariant<M extends AnyStateMachine> = (snapshot: Snapshot<M>) => true | string;

/** What a path did before an actor was called: the events it sent, and each actor call with how it settled. */
export type PathHistoryEntry =
  | { kind: 'event'; type: string; event: EventObject }
  | { kind: 'call'; actor: string; input: unknown; settled?: { done: unknown } | { error: unknown } };

/**
 * A rule on what leaves the machine: what an actor is called with, given what the path did before
 * (`true`, or a message saying what is wrong). Invariants see the machine's snapshot; these see the
 * request itself — the e-mail sign-in sends, the quote and intent a retry sends again.
 */
export type CallRule<Input> = (input: Input, history: readonly PathHistoryEntry[]) => true | string;

/** A sequence of step labels (as the generated paths print them), replayed as written. */
export interface Journey {
  /** An input fixture's name; the first one when left out. */
  input?: string;
  steps: string[];
}

/* ---------------------------------------------------------------- browser bindings */

/** ARIA roles the bindings use, as Playwright's `getByRole` takes them. */
export type AriaRole =
  | 'alert'
  | 'button'
  | 'dialog'
  | 'group'
  | 'heading'
  | 'link'
  | 'list'
  | 'main'
  | 'navigation'
  | 'status'
  | 'tab'
  | 'textbox';

/** How to find something on the page: a test id, a form field by its label, or an ARIA role with its accessible name. */
export type PageMark =
  | { testId: string }
  /**
   * A form control by the exact text of its label (password fields have no ARIA role to find them by);
   * in an expectation, `value` is what it must hold; `in` names the section (a labelled region) that holds
   * it, where two forms of a page share a label. A pattern where the page may show one value two ways (an IBAN
   * as typed while the field has the focus, grouped in fours once it is left).
   */
  | { label: string; value?: string | RegExp; in?: string }
  /** Words shown anywhere on the page, exactly (a field's message, whatever element holds it). */
  | { shownText: string }
  | {
      role: AriaRole;
      /** The accessible name; any name when left out. */
      name?: string;
      /** Whether `name` is the whole accessible name (the default) or a part of it (a button that also holds its hint). */
      exact?: boolean;
      /** For headings. */
      level?: number;
      /** For links: where the link points (the path, or a pattern). */
      href?: string | RegExp;
      /** A text it shows: alerts and status messages take no name from their content. */
      text?: string;
      /** Whether it is marked busy (`aria-busy`): a list whose content may still change. */
      busy?: boolean;
    };

/** What a state's `meta` may declare for the browser model tests. */
export interface StateMeta {
  /** What the page shows in this state. */
  view?: PageMark;
}

/** One thing a test does to the page. */
export type PageAction =
  /** A full page load of a path of the app. */
  | { open: string }
  /** An in-app navigation, as following a link does: `history.pushState` and `popstate`. */
  | { navigate: string }
  | { click: PageMark }
  | { fill: PageMark; text: string }
  /** Chooses the option of a select field with this value. */
  | { select: PageMark; value: string }
  /** Ticks or unticks a checkbox. */
  | { check: PageMark; checked: boolean }
  /** Presses a key (`Escape`) in the element, once it shows. */
  | { press: string; in: PageMark }
  /** Picks a file in a file input (found by its label), as the browser's file dialog does. */
  | { upload: PageMark; file: { name: string; mimeType: string; base64: string } }
  /**
   * Draws one stroke on the element with the mouse: pressed at the first point, moved through the others,
   * released at the last (one point is a tap). Points are fractions of the element's width and height.
   */
  | { draw: PageMark; points: [number, number][] }
  /** From now on (this page and the next ones), the camera (`getUserMedia`) is granted, with a test picture, or refused. */
  | { camera: 'grants' | 'refuses' }
  /**
   * To a page of the app as the browser's Back or Forward button does, when the entry before or after the
   * current one in this tab's history is that page; else as following a link (`navigate`).
   */
  | { history: string }
  /** What the tab's session storage holds when the pages opened from now on start (null removes a key). */
  | { sessionStorage: Record<string, string | null> }
  /** What the origin's local storage holds when the pages opened from now on start (null removes a key); once per tab, like `sessionStorage`. */
  | { localStorage: Record<string, string | null> }
  /** Sets (string) or removes (null) cookies of the app's origin. */
  | { cookies: Record<string, string | null> }
  /**
   * Leaves a mark on the window of the page open now. An in-app navigation keeps it; a full page load
   * (the new-version reload) starts a new window without it: see `PageExpectation.windowMarks`.
   */
  | { markWindow: string }
  /**
   * The pages opened from now on start without a connection, as the browser says it (`navigator.onLine`
   * false: a page the browser had kept) until an `online` event; the page's requests still reach the server.
   */
  | { startsOffline: true }
  /** Fires a window event the app listens to (`offline`/`online`: as the browser does when the connection drops or returns). */
  | { dispatch: 'focus' | 'offline' | 'online' }
  /** Posts a message on a BroadcastChannel of the page's origin, as another tab of the app does. */
  | { broadcast: string }
  /** Puts the page's timers under the test's control (Playwright's clock); before the page opens. */
  | { installClock: true }
  /**
   * Moves the page's clock on by this many milliseconds, firing the timers due (after `installClock`); once
   * more if the page then does not ask for the step's answers (its timer was set just after the first run).
   */
  | { advanceClock: number }
  /**
   * Playwright's clock for the page's timers: `install` before the page opens (it runs with real time, as
   * a lazy screen's loading needs); `pause` once the page is ready, so that from then on a timer fires only
   * when a step runs the clock on — a countdown waits for its `after` steps. Pausing a paused clock does nothing.
   */
  | { clock: 'install' | 'pause' }
  /** `Date.now()` and `new Date()` say this time (ms since the epoch) from now on; the timers run as usual. */
  | { fixedTime: number }
  /** Runs the paused clock on by this many milliseconds, firing every timer due meanwhile. */
  | { runClock: number }
  /**
   * Runs the paused clock on a little at a time until the mark shows: a page opened on a paused clock
   * shows a lazy screen only once React's reveal of it is due.
   */
  | { runClockUntil: PageMark }
  /**
   * From now on (this page and the next ones), the browser's passkey ceremonies end as given: whether
   * passkey autofill is offered, how an autofill request ends (left out: it waits), and how the modal
   * sign-in (`get`) and the creation of a passkey (`create`) end (left out: they wait).
   */
  | { passkeys: PasskeyOutcomes }
  /**
   * From now on (this page and the next ones), the browser's notification permission and its push
   * subscription are as given: what `Notification.permission` says, how the permission prompt ends, and
   * how `pushManager.subscribe` ends (left out: as the browser has them).
   */
  | { notifications: NotificationOutcomes }
  /**
   * From now on (this page and the next ones), the device's share sheet (`navigator.share`, `canShare`)
   * and the clipboard's `writeText` end as given (left out: as the browser has them).
   */
  | { share: ShareOutcomes }
  /**
   * The project's test wallet (e2e/testWallet.ts), an EIP-1193 wallet announced through EIP-6963: `install`
   * puts it, as set up, in the page open now and the pages opened from now on (once per page); any other
   * orders tell the wallet in the page how to answer from now on, or what its user does in it.
   */
  | { wallet: { install: TestWalletSetup } | TestWalletOrders }
  /**
   * For an actor's binding, which runs before the step that starts the actor: what the customer does in
   * what the actor shows, once that step has been caused (closing the step-up sheet it opens).
   */
  | { whileRunning: PageAction[] }
  /**
   * The server's event stream at the URL glob (`text/event-stream`, read with fetch): without `events`, from
   * now on its requests are held open, as a stream with nothing to say yet; with them, the held request (or
   * else the next one) is answered with these events and ends, as a server closing the stream does.
   */
  | { stream: string; events?: Array<{ event: string; data: unknown }> }
  /**
   * From now on, requests matching the URL glob that no answer of the path takes stay unanswered, as a server
   * that has not answered yet, instead of failing as calls outside the flow do: what the customer does while
   * such a request runs (closing a sheet while it loads) can then be a step. Answers, set before or after, win.
   */
  | { hold: string }
  /**
   * From now on, answers requests matching the URL glob (only those with `method`, when given; only
   * `times` of them, when given) with a status, headers and a JSON body, an HTML page or a script (a
   * third-party script the app loads lazily) — or, with `offline`, fails them as a lost connection does.
   */
  | {
      answer: string;
      method?: string;
      times?: number;
      status?: number;
      headers?: Record<string, string>;
      json?: unknown;
      html?: string;
      script?: string;
      offline?: true;
      /** Lets the server answer, as it does without a route: still counted (`times`), as an answer of the path. */
      fromServer?: true;
    };

/** How the stand-in for the browser's WebAuthn ceremonies answers (see the `passkeys` page action). */
export interface PasskeyOutcomes {
  autofill?: 'available' | 'unavailable' | 'fails';
  autofillRequest?: 'picks' | 'ends';
  get?: 'answers' | 'refuses';
  create?: 'answers' | 'refuses';
}

/** How the stand-in for the browser's notification permission and push subscription answers (see the `notifications` page action). */
export interface NotificationOutcomes {
  permission?: 'default' | 'granted' | 'denied';
  /** The customer's answer to the prompt (it becomes the permission), or `fails`: no prompt could be shown. */
  prompt?: 'default' | 'granted' | 'denied' | 'fails';
  /** A subscription of a stand-in push service, or the browser's refusal. */
  subscribe?: 'answers' | 'refuses';
}

/** How the stand-in for the share sheet and the clipboard answers (see the `share` page action). */
export interface ShareOutcomes {
  /** Whether the device has a share sheet; the page reads it when Share is pressed. */
  available?: boolean;
  /** How the sheet ends: shared, closed by the customer (`AbortError`), or failed (left out: it stays open). */
  outcome?: 'shares' | 'cancels' | 'fails';
  clipboard?: 'writes' | 'fails';
}

/** How the test wallet starts in a page (see the `wallet` page action). */
export interface TestWalletSetup {
  /** The account it shares (an anvil development account: the node signs for it). */
  account: string;
  /** The chain it starts on, and the chains it knows: id → RPC URL (where it sends what it does not answer itself). */
  chainId: number;
  chains: Record<number, string>;
  /** The site is allowed already, as after a connection on an earlier visit: a reconnect finds the wallet. */
  authorised?: boolean;
}

/** What the test wallet is told (see the `wallet` page action); the orders given apply in this order. */
export interface TestWalletOrders {
  /** From now on, the user refuses (4001) every request of this method; null: refuses nothing. */
  reject?: string | null;
  /** The wallet no longer knows these chains: switching to one answers 4902 (unknown chain). */
  forgetChains?: number[];
  /** From now on, the user refuses to add a chain (4001). */
  refuseAddChain?: boolean;
  /** From now on, the user lets a chain be added but refuses the switch to it that the wallet then offers. */
  refuseSwitchAfterAdd?: boolean;
  /**
   * The user picks these accounts in the wallet; an allowed site is told (`accountsChanged`). An empty list
   * takes the site's permission away.
   */
  changeAccounts?: string[];
  /** The user moves the wallet to this chain (`chainChanged`). */
  changeChain?: number;
  /** The wallet ends the connection (EIP-1193 `disconnect`, 4900) and forgets that the site was allowed. */
  disconnect?: true;
}

/** What the page must show once a step has settled in a state. */
export interface PageExpectation {
  /** The page's URL: a path of the app (with its query) or an absolute URL. */
  url?: string;
  /** Whether each cookie is present. */
  cookies?: Record<string, boolean>;
  /** The language the page shows: `<html lang>`. */
  lang?: string;
  /** Whether the window still has each mark `markWindow` left: false once a full page load replaced it. */
  windowMarks?: Record<string, boolean>;
  shows?: PageMark[];
  hides?: PageMark[];
}

type BindingResult = PageAction[] | null;

/**
 * How the real app is driven through a flow. A binding that returns `null` cannot cause the event in that
 * situation; paths are then generated without that edge. Events and actors without bindings keep their
 * paths out of the browser run. Every binding also gets the language the page runs in (see `languages`).
 */
export interface BrowserBindings<M extends AnyStateMachine> {
  /**
   * The languages the paths take turns in (`PAGE_LANGUAGES`, see `browserRuns`): one Playwright test per
   * path. Left out, each path runs once in English — or in the language the model's inputs choose (forgotPassword's `home`).
   */
  languages?: readonly PageLanguage[];
  /**
   * A path goes on from where an earlier one ends instead of opening a page of its own (`chain` in
   * tests/models/graph/paths.ts): fewer browser tests for the same states and transitions. Only for bindings
   * that still hold when what were two paths run in one page (answers counted with `times`, a clock, what
   * the page keeps), as a whole run of e2e/model.spec.ts shows.
   */
  chainPaths?: boolean;
  /** How the page starts for an input fixture. Without it, the first event opens the page. */
  start?: (input: InputFrom<M>, language: PageLanguage) => PageAction[];
  events: {
    [T in EventType<M>]?: (event: EventOfType<M, T>, before: Snapshot<M>, language: PageLanguage) => BindingResult;
  };
  /**
   * How the page makes an invoked actor settle, usually by answering the request it sends. These run
   * before the step that starts the actor, since the page settles it on its own.
   */
  actors?: {
    [Name in ActorName<M>]?: {
      done?: (output: ActorOutput<M, Name>, before: Snapshot<M>, language: PageLanguage) => BindingResult;
      error?: (error: unknown, before: Snapshot<M>, language: PageLanguage) => BindingResult;
    };
  };
  /**
   * How the page lets a delay of `setup({ delays })` pass (`ms`, as the machine resolves it), usually
   * `[{ runClock: ms }]` on a paused clock. Without one, paths take no `after` step.
   */
  delays?: { [D in DelayName<M>]?: (ms: number, before: Snapshot<M>, language: PageLanguage) => BindingResult };
  /** Per state, what the page must show beyond the state's `meta.view`; `'*'` applies to every state. */
  states?: { [P in StatePath<M> | '*']?: (snapshot: Snapshot<M>, language: PageLanguage) => PageExpectation };
}

/* ---------------------------------------------------------------- the model */

type InputFixtures<M extends AnyStateMachine> =
  undefined extends InputFrom<M>
    ? { inputs?: Record<string, InputFrom<M>> }
    : {
        /** Name → input the machine starts with; each one is a starting point of the paths. */
        inputs: Record<string, InputFrom<M>>;
      };

type ActorFixturesField<M extends AnyStateMachine> = [ActorsOf<M>] extends [never] ? { actors?: undefined } : { actors: ActorFixtures<M> };

export type FlowModel<M extends AnyStateMachine> = InputFixtures<M> &
  ActorFixturesField<M> & {
    events: EventFixtures<M>;
    /** Per state (dotted path from the root), rules that hold while it is active; `'*'` for every state. */
    invariants?: { [P in StatePath<M> | '*']?: Invariant<M> };
    /** Per actor, a rule on every call of it (checked by the unit replay, where each call's input is seen). */
    calls?: { [Name in ActorName<M>]?: CallRule<ActorInput<M, Name>> };
    /**
     * Which snapshots count as the same vertex of the graph. Defaults to the state value and the whole
     * context; keep only what changes the flow's behaviour, or the number of paths explodes.
     */
    serializeState?: (snapshot: Snapshot<M>) => string;
    /** The most snapshots the traversal may visit before it fails (default 5 000). */
    limit?: number;
    /** Scenarios worth replaying in full that shortest paths merge away (e.g. a repeated timer). */
    journeys?: Record<string, Journey>;
    browser?: BrowserBindings<M>;
    notInBrowser?: BrowserExclusions<M>;
  };

/**
 * What the browser run (e2e/model.spec.ts) leaves to the unit replay, each with its reason, reviewed like
 * code: the run's teardown fails when a machine's measured browser coverage is below 100 % of the rest, and
 * tests/model/browserPlan.test.ts when an exclusion names nothing or something the browser paths take. A
 * string: the whole machine (no browser bindings). Transitions by their label, as the coverage lists them.
 */
export type BrowserExclusions<M extends AnyStateMachine> =
  | string
  | { states?: { [P in StatePath<M>]?: string }; transitions?: Record<string, string> };

/**
 * The model as the catalog stores it, for any machine. Each model file checks its model with
 * `satisfies FlowModel<typeof machine>`; the generator reads it through this looser shape (`never`
 * parameters accept every typed function).
 */
export interface AnyFlowModel {
  inputs?: Record<string, unknown>;
  actors?: Record<string, ActorFixture<unknown>>;
  events: Record<string, Record<string, object>>;
  invariants?: Record<string, (snapshot: never) => true | string>;
  calls?: Record<string, CallRule<never> | undefined>;
  serializeState?: (snapshot: never) => string;
  limit?: number;
  journeys?: Record<string, Journey>;
  browser?: {
    languages?: readonly PageLanguage[];
    chainPaths?: boolean;
    start?: (input: never, language: PageLanguage) => PageAction[];
    events: Record<string, ((event: never, before: never, language: PageLanguage) => BindingResult) | undefined>;
    actors?: Record<
      string,
      | {
          done?: (output: never, before: never, language: PageLanguage) => BindingResult;
          error?: (error: never, before: never, language: PageLanguage) => BindingResult;
        }
      | undefined
    >;
    delays?: Record<string, ((ms: number, before: never, language: PageLanguage) => BindingResult) | undefined>;
    states?: Record<string, ((snapshot: never, language: PageLanguage) => PageExpectation) | undefined>;
  };
  notInBrowser?: string | { states?: Record<string, string | undefined>; transitions?: Record<string, string> };
}

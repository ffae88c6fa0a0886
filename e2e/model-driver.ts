import { expect, type BrowserContext, type Locator, type Page, type Route } from '@playwright/test';
import type {
  AnyFlowModel,
  NotificationOutcomes,
  PageAction,
  PageExpectation,
  PageMark,
  PasskeyOutcomes,
  ShareOutcomes,
} from '../tests/models/graph/model';
import type { PageLanguage } from '../tests/models/graph/page';
import { listSteps, pageActionsFor, pageExpectationsFor, type FlowPath, type FlowPaths, type FlowStep } from '../tests/models/graph/paths';
import { installTestWallet, tellTestWallet } from './testWallet';

/** `test id "error-page"`, `link "Meridian" → /\/welcome$/`, for failure messages. */
function describeMark(mark: PageMark): string {
  if ('testId' in mark) return `test id "${mark.testId}"`;
  if ('label' in mark) return `field "${mark.label}"`;
  if ('shownText' in mark) return `text "${mark.shownText}"`;
  const name = mark.name === undefined ? '' : ` "${mark.name}"`;
  const level = mark.level === undefined ? '' : ` level ${mark.level}`;
  const href = mark.href === undefined ? '' : ` → ${String(mark.href)}`;
  const text = mark.text === undefined ? '' : ` saying "${mark.text}"`;
  const busy = mark.busy === undefined ? '' : mark.busy ? ' (busy)' : ' (not busy)';
  return `${mark.role}${name}${level}${href}${text}${busy}`;
}

/**
 * The browser's WebAuthn ceremonies, replaced in the page by answers the model chooses: the server's side of
 * them is answered by the bindings too, so the credentials only need the shape @simplewebauthn/browser reads.
 * Runs in the page; `window.__modelPasskeys` holds the outcomes, which later actions change.
 */
function standInForPasskeys(outcomes: PasskeyOutcomes) {
  const target = window as unknown as { __modelPasskeys?: PasskeyOutcomes };
  const installed = target.__modelPasskeys !== undefined;
  target.__modelPasskeys = outcomes;
  // about:blank, before the first page opens, has no WebAuthn: the script added for the next pages does it.
  if (installed || typeof PublicKeyCredential === 'undefined') return;
  const bytes = (text: string) => new TextEncoder().encode(text).buffer;
  const credential = () => ({
    id: 'bW9kZWw',
    rawId: bytes('model'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes('{}'),
      authenticatorData: bytes('data'),
      signature: bytes('signature'),
      userHandle: bytes('user'),
      attestationObject: bytes('attestation'),
      getTransports: () => ['internal'],
      getPublicKey: () => null,
      getPublicKeyAlgorithm: () => -7,
      getAuthenticatorData: () => bytes('data'),
    },
    getClientExtensionResults: () => ({}),
  });
  const ceremony = (outcome: string | undefined, signal: AbortSignal | null | undefined) =>
    new Promise((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('The ceremony was aborted.', 'AbortError')));
      if (outcome === 'answers' || outcome === 'picks') resolve(credential());
      else if (outcome === 'refuses') reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
      else if (outcome === 'ends') reject(new DOMException('The autofill request ended.', 'AbortError'));
    });
  navigator.credentials.get = (options) => {
    const now = target.__modelPasskeys!;
    return ceremony(options?.mediation === 'conditional' ? now.autofillRequest : now.get, options?.signal) as Promise<Credential>;
  };
  navigator.credentials.create = (options) => ceremony(target.__modelPasskeys!.create, options?.signal) as Promise<Credential>;
  PublicKeyCredential.isConditionalMediationAvailable = () => {
    const autofill = target.__modelPasskeys!.autofill;
    return autofill === 'fails' ? Promise.reject(new Error('capability check failed')) : Promise.resolve(autofill === 'available');
  };
}

/**
 * The camera as the model chooses: a moving test picture (a canvas's stream) or a refusal, in place of
 * `getUserMedia`. Runs in the page.
 */
function standInForCamera(outcome: 'grants' | 'refuses') {
  if (!navigator.mediaDevices) return;
  navigator.mediaDevices.getUserMedia = async () => {
    if (outcome === 'refuses') throw new DOMException('Permission denied', 'NotAllowedError');
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const context = canvas.getContext('2d')!;
    let frame = 0;
    const paint = () => {
      context.fillStyle = `hsl(${(frame += 7) % 360} 60% 50%)`;
      context.fillRect(0, 0, canvas.width, canvas.height);
    };
    paint();
    setInterval(paint, 100);
    return canvas.captureStream(10);
  };
}

/**
 * The notification permission and the push subscription as the model chooses, in place of the browser's
 * (headless Chromium cannot subscribe to a real push service). Runs in the page, like the passkeys' stand-in:
 * `window.__modelNotifications` holds the outcomes, which later actions change.
 */
function standInForNotifications(outcomes: NotificationOutcomes) {
  const target = window as unknown as { __modelNotifications?: NotificationOutcomes };
  const installed = target.__modelNotifications !== undefined;
  target.__modelNotifications = { ...target.__modelNotifications, ...outcomes };
  if (installed || typeof Notification === 'undefined' || typeof PushManager === 'undefined') return;
  const now = () => target.__modelNotifications!;
  const browser = { permission: Notification.permission, subscribe: PushManager.prototype.subscribe };
  Object.defineProperty(Notification, 'permission', { get: () => now().permission ?? browser.permission });
  Notification.requestPermission = async () => {
    const answer = now().prompt;
    if (answer === undefined) return browser.permission;
    if (answer === 'fails') throw new DOMException('No prompt could be shown.', 'InvalidStateError');
    target.__modelNotifications = { ...now(), permission: answer };
    return answer;
  };
  PushManager.prototype.getSubscription = async () => null;
  // Service workers are blocked in this project, so that the route interception the paths answer with sees
  // every request: the registration push asks for is a stand-in whose push manager is the one above.
  const registration = { pushManager: Object.create(PushManager.prototype) as PushManager } as ServiceWorkerRegistration;
  // Only secure contexts have service workers (the blank page before the app's first load has none).
  if (typeof ServiceWorkerContainer !== 'undefined') {
    ServiceWorkerContainer.prototype.register = async () => registration;
    ServiceWorkerContainer.prototype.getRegistration = async () => registration;
    Object.defineProperty(ServiceWorkerContainer.prototype, 'ready', { get: async () => registration });
  }
  PushManager.prototype.subscribe = async function (this: PushManager, options) {
    const outcome = now().subscribe;
    if (outcome === undefined) return browser.subscribe.call(this, options);
    if (outcome === 'refuses') throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
    const subscription = { endpoint: 'https://push.model.invalid/device', keys: { p256dh: 'BModelKey', auth: 'model-auth' } };
    return {
      ...subscription,
      expirationTime: null,
      toJSON: () => ({ ...subscription, expirationTime: null }),
    } as unknown as PushSubscription;
  };
}

/**
 * The share sheet and the clipboard as the model chooses, in place of the browser's (headless Chromium has
 * no share sheet). Runs in the page, like the passkeys' stand-in: `window.__modelShare` holds the outcomes,
 * which later actions change; `navigator.share` is a getter, so the page sees the sheet come and go.
 */
function standInForSharing(outcomes: ShareOutcomes) {
  const target = window as unknown as { __modelShare?: ShareOutcomes };
  const installed = target.__modelShare !== undefined;
  target.__modelShare = { ...target.__modelShare, ...outcomes };
  if (installed) return;
  const now = () => target.__modelShare!;
  const browser = { share: navigator.share, canShare: navigator.canShare, writeText: navigator.clipboard?.writeText };
  const share = async () => {
    const outcome = now().outcome;
    if (outcome === 'cancels') throw new DOMException('Share canceled', 'AbortError');
    if (outcome === 'fails') throw new DOMException('Sharing failed', 'NotAllowedError');
    // Left out, the sheet stays open, as a customer still choosing leaves it.
    if (outcome === undefined) await new Promise(() => {});
  };
  const offered = <T>(standIn: T, own: T) => {
    const available = now().available;
    return available === undefined ? own : available ? standIn : undefined;
  };
  Object.defineProperty(navigator, 'share', { configurable: true, get: () => offered(share, browser.share) });
  Object.defineProperty(navigator, 'canShare', { configurable: true, get: () => offered(() => true, browser.canShare) });
  if (!navigator.clipboard) return;
  navigator.clipboard.writeText = async (text) => {
    const clipboard = now().clipboard;
    if (clipboard === 'fails') throw new DOMException('Write permission denied.', 'NotAllowedError');
    if (clipboard === undefined) return browser.writeText!.call(navigator.clipboard, text);
  };
}

/** How far `runClockUntil` runs the page's clock at a time, and at most. */
const RUN_CLOCK_SLICE = 50;
const RUN_CLOCK_LIMIT = 3_000;
/** How long the page may take to ask once its timer fired (real time), and how often a clock run is repeated. */
const CLOCK_RERUN_WAIT = 3_000;
const CLOCK_RERUNS = 2;

/** Turns the models' declarative page actions and expectations into Playwright calls. */
class PageDriver {
  private readonly answers = new Map<string, { handler: (route: Route) => Promise<void>; left: () => number }>();
  /** Counted answers arranged since `takeArranged`, each telling whether all its answers went out. */
  private arranged: (() => boolean)[] = [];
  private readonly streams = new Map<string, { held: Route[]; next?: string }>();
  private passkeys: PasskeyOutcomes = {};
  private notifications: NotificationOutcomes = {};
  private share: ShareOutcomes = {};
  private clockPaused = false;

  constructor(
    private readonly page: Page,
    private readonly context: BrowserContext,
    private readonly baseURL: string,
  ) {}

  locate(mark: PageMark): Locator {
    if ('testId' in mark) return this.page.getByTestId(mark.testId);
    if ('label' in mark) {
      const scope = mark.in === undefined ? this.page : this.page.getByRole('region', { name: mark.in, exact: true });
      return scope.getByLabel(mark.label, { exact: true });
    }
    if ('shownText' in mark) return this.page.getByText(mark.shownText, { exact: true });
    const byRole = this.page.getByRole(mark.role, {
      ...(mark.name === undefined ? {} : { name: mark.name, exact: mark.exact ?? true }),
      ...(mark.level === undefined ? {} : { level: mark.level }),
    });
    const withText = mark.text === undefined ? byRole : byRole.filter({ hasText: mark.text });
    return mark.busy === undefined
      ? withText
      : withText.and(this.page.locator(mark.busy ? '[aria-busy="true"]' : ':not([aria-busy="true"])'));
  }

  async perform(action: PageAction): Promise<void> {
    if ('open' in action) {
      await this.page.goto(action.open);
    } else if ('navigate' in action) {
      await this.page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, action.navigate);
    } else if ('click' in action) {
      await this.locate(action.click).click();
    } else if ('press' in action) {
      await this.locate(action.in).press(action.press);
    } else if ('fill' in action) {
      await this.locate(action.fill).fill(action.text);
    } else if ('select' in action) {
      await this.locate(action.select).selectOption(action.value);
    } else if ('check' in action) {
      await this.locate(action.check).setChecked(action.checked);
    } else if ('upload' in action) {
      const { name, mimeType, base64 } = action.file;
      await this.locate(action.upload).setInputFiles({ name, mimeType, buffer: Buffer.from(base64, 'base64') });
    } else if ('draw' in action) {
      const box = await this.locate(action.draw).boundingBox();
      if (!box) throw new Error(`${describeMark(action.draw)} is not on the page to draw on`);
      const [first, ...rest] = action.points.map(([x, y]) => [box.x + x * box.width, box.y + y * box.height] as const);
      await this.page.mouse.move(first![0], first![1]);
      await this.page.mouse.down();
      for (const [x, y] of rest) await this.page.mouse.move(x, y, { steps: 4 });
      await this.page.mouse.up();
    } else if ('camera' in action) {
      await this.page.addInitScript(standInForCamera, action.camera);
      await this.page.evaluate(standInForCamera, action.camera);
    } else if ('history' in action) {
      await this.page.evaluate((to) => {
        // The Navigation API lists this tab's same-origin entries, so the step next door can be recognized.
        const { navigation } = window as unknown as {
          navigation: { entries(): Array<{ url: string | null }>; currentEntry: { index: number } | null };
        };
        const entries = navigation.entries();
        const here = navigation.currentEntry?.index ?? -1;
        const isTarget = (index: number) => {
          const url = entries[index]?.url;
          return url ? new URL(url).pathname + new URL(url).search === to : false;
        };
        if (isTarget(here - 1)) window.history.back();
        else if (isTarget(here + 1)) window.history.forward();
        else {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }
      }, action.history);
    } else if ('sessionStorage' in action || 'localStorage' in action) {
      const [area, items] =
        'sessionStorage' in action
          ? (['sessionStorage', action.sessionStorage] as const)
          : (['localStorage', action.localStorage] as const);
      // Once per tab: a reload later in the path must find what the app saved, not this again.
      await this.page.addInitScript(
        ({ area, items }) => {
          const marker = `__model_seeded_${area}`;
          if (window.sessionStorage.getItem(marker) !== null) return;
          window.sessionStorage.setItem(marker, '1');
          const storage = window[area];
          for (const [key, value] of Object.entries(items)) {
            if (value === null) storage.removeItem(key);
            else storage.setItem(key, value);
          }
        },
        { area, items },
      );
    } else if ('cookies' in action) {
      for (const [name, value] of Object.entries(action.cookies)) {
        if (value === null) await this.context.clearCookies({ name });
        else await this.context.addCookies([{ name, value, url: this.baseURL, sameSite: 'Lax' }]);
      }
    } else if ('broadcast' in action) {
      await this.page.evaluate((name) => {
        const channel = new BroadcastChannel(name);
        channel.postMessage({ at: Date.now() });
        channel.close();
      }, action.broadcast);
    } else if ('installClock' in action) {
      await this.page.clock.install();
    } else if ('advanceClock' in action) {
      await this.page.clock.runFor(action.advanceClock);
    } else if ('startsOffline' in action) {
      // Until the connection returns (an `online` event in any page of the tab): a reload after it starts online.
      await this.page.addInitScript(() => {
        const back = '__model_online';
        Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => sessionStorage.getItem(back) === '1' });
        window.addEventListener('online', () => sessionStorage.setItem(back, '1'), { capture: true });
      });
    } else if ('markWindow' in action) {
      await this.page.evaluate((name) => {
        const target = window as unknown as { __modelMarks?: Record<string, true> };
        target.__modelMarks = { ...target.__modelMarks, [name]: true };
      }, action.markWindow);
    } else if ('dispatch' in action) {
      await this.page.evaluate((type) => window.dispatchEvent(new Event(type)), action.dispatch);
    } else if ('clock' in action) {
      if (action.clock === 'install') {
        await this.page.clock.install();
      } else if (!this.clockPaused) {
        // Paused a second ahead of the page's time, which surely has not passed by then.
        await this.page.clock.pauseAt((await this.page.evaluate(() => Date.now())) + 1000);
        this.clockPaused = true;
      }
    } else if ('fixedTime' in action) {
      await this.page.clock.setFixedTime(action.fixedTime);
    } else if ('runClock' in action) {
      await this.page.clock.runFor(action.runClock);
    } else if ('runClockUntil' in action) {
      const mark = this.locate(action.runClockUntil);
      for (let ran = 0; !(await mark.isVisible()); ran += RUN_CLOCK_SLICE) {
        if (ran >= RUN_CLOCK_LIMIT)
          throw new Error(`${describeMark(action.runClockUntil)} did not show within ${ran} ms of the page's clock`);
        await this.page.clock.runFor(RUN_CLOCK_SLICE);
        // Real time for what the timers started (a lazy chunk's request, rendering) before the next slice.
        await mark.waitFor({ state: 'visible', timeout: 200 }).catch(() => {});
      }
    } else if ('passkeys' in action) {
      this.passkeys = { ...this.passkeys, ...action.passkeys };
      // For the pages opened from now on (the last script added runs last), and for the one open now.
      await this.page.addInitScript(standInForPasskeys, this.passkeys);
      await this.page.evaluate(standInForPasskeys, this.passkeys);
    } else if ('notifications' in action) {
      this.notifications = { ...this.notifications, ...action.notifications };
      await this.page.addInitScript(standInForNotifications, this.notifications);
      await this.page.evaluate(standInForNotifications, this.notifications);
    } else if ('share' in action) {
      this.share = { ...this.share, ...action.share };
      await this.page.addInitScript(standInForSharing, this.share);
      await this.page.evaluate(standInForSharing, this.share);
    } else if ('wallet' in action) {
      if ('install' in action.wallet) await installTestWallet(this.page, action.wallet.install);
      else await tellTestWallet(this.page, action.wallet);
    } else if ('stream' in action) {
      await this.stream(action);
    } else if ('hold' in action) {
      // On the context, under every answer of the page whatever the order, above the run's catch-all.
      await this.context.route(action.hold, () => {});
    } else if ('whileRunning' in action) {
      throw new Error('whileRunning is for actor bindings: runPathInPage performs it once the step is caused');
    } else {
      await this.answer(action);
    }
  }

  /** Held open until a later action sends its events (see the `stream` page action). */
  private async stream({ stream, events }: Extract<PageAction, { stream: string }>) {
    let entry = this.streams.get(stream);
    if (!entry) {
      const created: { held: Route[]; next?: string } = { held: [] };
      entry = created;
      this.streams.set(stream, created);
      await this.page.route(stream, async (route) => {
        const body = created.next;
        if (body === undefined) return void created.held.push(route);
        created.next = undefined;
        await route.fulfill({ status: 200, contentType: 'text/event-stream', body });
      });
    }
    if (!events) return;
    const body = events.map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
    const held = entry.held.shift();
    if (held) await held.fulfill({ status: 200, contentType: 'text/event-stream', body });
    else entry.next = body;
  }

  /**
   * A later answer for the same URL and method replaces the earlier one — unless both are counted and the
   * earlier one still has answers left: then the later one comes after it (two calls of one flow to the
   * same endpoint, arranged before the step that starts the first).
   */
  private async answer({
    answer,
    method,
    times,
    status = 200,
    headers,
    json,
    html,
    script,
    offline,
    fromServer,
  }: Extract<PageAction, { answer: string }>) {
    const key = `${method ?? '*'} ${answer}`;
    const previous = this.answers.get(key);
    const queued = times !== undefined && previous !== undefined && previous.left() > 0 && previous.left() !== Infinity;
    if (previous && !queued) await this.page.unroute(answer, previous.handler);
    // Counted here, not with Playwright's `times`, which also counts requests of other methods passed on.
    let left = times ?? Infinity;
    let sent = 0;
    const handler = async (route: Route) => {
      if ((method && route.request().method() !== method) || left <= 0 || (queued && previous.left() > 0)) return route.fallback();
      left -= 1;
      if (offline) await route.abort('internetdisconnected');
      else if (fromServer) await route.continue();
      else if (html !== undefined) await route.fulfill({ status, headers, contentType: 'text/html', body: html });
      else if (script !== undefined) await route.fulfill({ status, headers, contentType: 'text/javascript', body: script });
      else await route.fulfill({ status, headers, json: json ?? {} });
      sent += 1;
    };
    this.answers.set(key, { handler, left: () => left + (queued ? previous.left() : 0) });
    if (times !== undefined) this.arranged.push(() => sent >= times);
    await this.page.route(answer, handler);
  }

  /** Forgets the counted answers arranged so far and answers them. */
  takeArranged(): (() => boolean)[] {
    const taken = this.arranged;
    this.arranged = [];
    return taken;
  }

  /**
   * A timer the page sets once it has handled an answer (a check that starts the interval again) may be set
   * just after the clock ran: the answer was sent, but the page had not yet taken it in. If the page has not
   * asked within a while, that run came too early; running the clock on by the same time fires the timer
   * then set. Never when the page asked: a second run would fire a timer that is not this step's.
   */
  async rerunClockUntilAsked(ms: number, arranged: (() => boolean)[]): Promise<void> {
    const asked = () => arranged.every((sent) => sent());
    for (let run = 0; arranged.length > 0 && run < CLOCK_RERUNS; run++) {
      const deadline = Date.now() + CLOCK_RERUN_WAIT;
      while (!asked() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      if (asked()) return;
      await this.page.clock.runFor(ms);
    }
  }

  /**
   * Waits until the page has been sent each of these answers. A settled step can look on the page just
   * like the step before it (a look at the deposits that finds the same one pending), so its check alone
   * could pass before the answer arrived, and a clock run for the next step would then come before the
   * timer that answer starts.
   */
  async expectAnswered(arranged: (() => boolean)[], where: string): Promise<void> {
    if (arranged.length === 0) return;
    await expect
      // Asked of this process, not the page, so a check costs nothing: looked at often, the step goes on as
      // soon as the page asked (the default intervals' first two waits were up to 350 ms a step).
      .poll(() => arranged.every((sent) => sent()), {
        message: `${where}: the page asked for what this step answers`,
        intervals: [10, 25, 50, 100],
      })
      .toBe(true);
  }

  /** `inEnglish`: the same expectation built in English, said beside a translated mark that is not found. */
  async expectPage(expectation: PageExpectation, where: string, inEnglish?: PageExpectation): Promise<void> {
    const told = (mark: PageMark, english: PageMark | undefined) =>
      english && describeMark(english) !== describeMark(mark)
        ? `${describeMark(mark)} (in English ${describeMark(english)})`
        : describeMark(mark);
    if (expectation.url !== undefined) await expect(this.page, where).toHaveURL(new URL(expectation.url, this.baseURL).href);
    if (expectation.lang !== undefined) await expect(this.page.locator('html'), `${where}: lang`).toHaveAttribute('lang', expectation.lang);
    for (const [index, mark] of (expectation.shows ?? []).entries()) {
      const found = this.locate(mark);
      const described = told(mark, inEnglish?.shows?.[index]);
      await expect(found, `${where}: shows ${described}`).toBeVisible();
      if ('href' in mark && mark.href !== undefined) await expect(found, `${where}: ${described}`).toHaveAttribute('href', mark.href);
      if ('value' in mark && mark.value !== undefined) await expect(found, `${where}: ${described}`).toHaveValue(mark.value);
    }
    for (const [index, mark] of (expectation.hides ?? []).entries())
      await expect(this.locate(mark), `${where}: hides ${told(mark, inEnglish?.hides?.[index])}`).toBeHidden();
    const marks = expectation.windowMarks;
    if (marks) {
      // Polled: the page may be between two documents while a full load is under way.
      const kept = () =>
        this.page.evaluate((names) => {
          const found = (window as unknown as { __modelMarks?: Record<string, true> }).__modelMarks ?? {};
          return Object.fromEntries(names.map((name) => [name, found[name] === true]));
        }, Object.keys(marks));
      await expect.poll(kept, { message: `${where}: window marks (false: a full page load replaced the window)` }).toEqual(marks);
    }
    const cookies = expectation.cookies;
    if (cookies) {
      const present = async () => {
        const names = new Set((await this.context.cookies()).map((cookie) => cookie.name));
        return Object.fromEntries(Object.keys(cookies).map((name) => [name, names.has(name)]));
      };
      await expect.poll(present, { message: `${where}: cookies` }).toEqual(cookies);
    }
  }
}

/**
 * The page causes a path's steps one by one. Actors settle on their own in a real page, so a step that
 * settles one is arranged (its answer set up) before the step that starts the actor, and what the customer
 * does while it runs (`whileRunning`) comes once that step is caused; the page is checked once each caused
 * step and the settling that follows it are done.
 */
export async function runPathInPage(
  { page, context, baseURL }: { page: Page; context: BrowserContext; baseURL: string },
  model: AnyFlowModel,
  flow: Pick<FlowPaths, 'states'>,
  path: FlowPath,
  language: PageLanguage = 'en',
  took: { states: Set<string>; transitions: Set<number> } = { states: new Set(), transitions: new Set() },
): Promise<void> {
  const driver = new PageDriver(page, context, baseURL);
  const steps = path.steps;
  const actionsFor = (index: number) => {
    const actions = pageActionsFor(model, steps[index]!, steps[index - 1]!.snapshot, language);
    if (!actions) throw new Error(`The page cannot cause “${steps[index]!.label}” (generated with browser: true?)`);
    return actions;
  };
  const settles = (step: FlowStep) => step.kind === 'done' || step.kind === 'error';

  let at = 0;
  // The steps up to here are taken: the page showed what each settled step must show.
  let checked = -1;
  const taken = (upTo: number) => {
    for (; checked < upTo; checked++) {
      const step = steps[checked + 1]!;
      for (const state of step.visited) took.states.add(state);
      for (const transition of step.transitions) took.transitions.add(transition);
    }
  };
  try {
    for (let lead = 0; lead < steps.length;) {
      at = lead;
      let last = lead;
      while (steps[last + 1] && settles(steps[last + 1]!)) last++;
      const meanwhile: PageAction[] = [];
      // Answers for actors this step starts; an actor already running before it may have asked earlier.
      const arranged: (() => boolean)[] = [];
      const before = lead > 0 ? steps[lead - 1]!.snapshot.children : {};
      for (let i = lead + 1; i <= last; i++) {
        driver.takeArranged();
        for (const action of actionsFor(i)) {
          if ('whileRunning' in action) meanwhile.push(...action.whileRunning);
          else await driver.perform(action);
        }
        const actor = steps[i]!.actor;
        if (actor !== undefined && !(actor in before)) arranged.push(...driver.takeArranged());
      }
      const caused = lead === 0 ? (model.browser?.start?.(path.input?.value as never, language) ?? null) : actionsFor(lead);
      if (caused) {
        for (const action of [...caused, ...meanwhile]) await driver.perform(action);
        const settled = steps[last]!;
        const clockRun = caused.find((action) => 'advanceClock' in action);
        if (clockRun) await driver.rerunClockUntilAsked(clockRun.advanceClock, arranged);
        await driver.expectAnswered(arranged, `step ${last}: ${settled.label}`);
        at = last;
        const english = language === 'en' ? [] : pageExpectationsFor(flow, model, settled.snapshot, settled.states, 'en');
        for (const [index, expectation] of pageExpectationsFor(flow, model, settled.snapshot, settled.states, language).entries()) {
          await driver.expectPage(expectation, `step ${last}: ${settled.label} ⇒ ${settled.states.join(', ')}`, english[index]);
        }
        taken(last);
      }
      lead = last + 1;
    }
  } catch (error) {
    // The test's name gives only the first and last steps: the whole path once, where it failed marked.
    if (error instanceof Error) error.message += `\n\nThe path:\n${listSteps(path, at)}`;
    throw error;
  }
}

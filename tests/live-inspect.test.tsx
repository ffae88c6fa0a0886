// @vitest-environment happy-dom
import { createInstance } from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type Actor, type InspectionEvent } from 'xstate';
import { loginMachine, type SignInOutcome } from '../machines/login/login.machine';
import { useFlowActor, SystemContext } from '../src/app/context';
import { deferredObserver } from '../src/app/deferredObserver';
import { createLiveInspector } from '../src/app/liveInspect';
import { MASK } from '../src/app/mask';
import type { AppSystem } from '../src/app/system';
import { INSPECT_CHANNEL, isLiveMessage, readSession, recordSession, type LiveStep } from '../src/flows/live';
import { LivePanel } from '../src/screens/flows/LivePanel';
import en from '../locales/en.json';

// The browser inspector opens stately.ai (it needs the network): a stand-in records what reaches it.
const stately = vi.hoisted(() => ({
  events: [] as InspectionEvent[],
  sanitizeEvent: null as ((event: Record<string, unknown>) => Record<string, unknown>) | null,
}));
vi.mock('@statelyai/inspect', () => ({
  createBrowserInspector: (options: { sanitizeEvent: (event: Record<string, unknown>) => Record<string, unknown> }) => {
    stately.sanitizeEvent = options.sanitizeEvent;
    return { inspect: { next: (event: InspectionEvent) => void stately.events.push(event) } };
  },
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
const channels: BroadcastChannel[] = [];
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  for (const channel of channels.splice(0)) channel.close();
});

const machineOf = (event: InspectionEvent) => (event.actorRef as { logic?: { id?: string } }).logic?.id;

describe('live inspection of screen flows', () => {
  it('a screen’s flow reaches the inspect observer: the live view gets its steps masked, ?inspect=stately the actor from its start', async () => {
    const inspect = createLiveInspector('?inspect=stately', () => {});
    const listener = new BroadcastChannel(INSPECT_CHANNEL);
    channels.push(listener);
    const steps: LiveStep[] = [];
    listener.addEventListener('message', (message: MessageEvent<unknown>) => {
      if (isLiveMessage(message.data) && message.data.kind === 'step') steps.push(message.data);
    });

    // The sign-in screen's start, as LoginScreen does it, with a sign-in that has not answered yet.
    let login: Actor<typeof loginMachine> | null = null;
    function Screen() {
      login = useFlowActor(
        loginMachine,
        () => ({ actors: { signIn: fromPromise<SignInOutcome, { email: string; password: string }>(() => new Promise(() => {})) } }),
        {
          input: { redirect: null, home: '/' },
        },
      );
      return null;
    }
    act(() => {
      root = createRoot(document.body.appendChild(document.createElement('div')));
      root.render(
        <SystemContext value={{ inspect } as unknown as AppSystem}>
          <Screen />
        </SystemContext>,
      );
    });
    act(() => login!.send({ type: 'CREDENTIALS_SUBMITTED', email: 'ada@example.com', password: 'correct horse battery' }));

    await vi.waitFor(() =>
      expect(steps.filter((step) => step.actor.machineId === 'login').map((step) => step.event)).toEqual([
        { type: 'xstate.init', input: { redirect: null, home: '/' } },
        { type: 'CREDENTIALS_SUBMITTED', email: 'ada@example.com', password: MASK },
      ]),
    );
    expect(steps.at(-1)).toMatchObject({ source: null, status: 'active', value: 'signingIn' });

    // Stately's inspector loads after the actor started: what happened meanwhile reaches it too, masked.
    await vi.waitFor(() =>
      expect(stately.events.some((event) => event.type === '@xstate.actor' && machineOf(event) === 'login')).toBe(true),
    );
    expect(stately.events.some((event) => event.type === '@xstate.event' && event.event.type === 'CREDENTIALS_SUBMITTED')).toBe(true);
    expect(stately.sanitizeEvent!({ type: 'CREDENTIALS_SUBMITTED', password: 'p' }).password).toBe(MASK);
  });
});

describe('a page that starts before its inspector has loaded', () => {
  it('hands the steps taken meanwhile over in order once it arrives, and says so when it never comes', async () => {
    const received: string[] = [];
    let arrive: (observer: { next: (value: string) => void }) => void = () => {};
    const deferred = deferredObserver<string>(new Promise((resolve) => (arrive = resolve)), () => {});
    deferred.next?.('app started');
    deferred.next?.('idle armed');
    expect(received).toEqual([]);
    arrive({ next: (value) => void received.push(value) });
    await vi.waitFor(() => expect(received).toEqual(['app started', 'idle armed']));
    deferred.next?.('signed in');
    expect(received).toEqual(['app started', 'idle armed', 'signed in']);

    const log = vi.fn();
    const neverLoaded = deferredObserver<string>(Promise.reject(new Error('chunk failed')), log);
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('An inspector could not be loaded', expect.any(Error)));
    expect(() => neverLoaded.next?.('later step')).not.toThrow();
  });
});

describe('recorded sessions', () => {
  const step: LiveStep = {
    kind: 'step',
    tab: 't1',
    seq: 0,
    at: 1,
    actor: { id: 't1/x:1', machineId: 'transfer', parentId: null },
    source: null,
    event: { type: 'AMOUNT_CHANGED', amount: '10' },
    value: 'editing',
    status: 'active',
  };

  it('hold the steps and each actor’s last status and outcome, and read back', () => {
    const done = {
      ...step,
      seq: 1,
      event: { type: 'xstate.done.actor.confirmTransfer' },
      value: 'transferred',
      status: 'done',
      outcome: { id: 'tr_1' },
    };
    const session = recordSession([step, done], new Date('2026-11-29T10:00:00Z'));
    expect(session.actors).toEqual([{ id: 't1/x:1', machineId: 'transfer', parentId: null, status: 'done', outcome: { id: 'tr_1' } }]);
    expect(readSession(JSON.stringify(session))).toEqual(session);
  });

  it('refuse a file that is not one', () => {
    expect(readSession('not json')).toBeNull();
    expect(readSession(JSON.stringify({ format: 'other', steps: [], actors: [] }))).toBeNull();
    expect(readSession(JSON.stringify({ ...recordSession([step], new Date()), steps: [{ kind: 'step' }] }))).toBeNull();
  });
});

describe('the live panel with two tabs (two customers signed in side by side)', () => {
  const step = (tab: string, seq: number, machineId: string, type: string, source: LiveStep['source'] = null): LiveStep => ({
    kind: 'step',
    tab,
    seq,
    at: 1000 + seq * 10 + (tab === 'b' ? 5 : 0),
    actor: { id: `${tab}/x:${machineId}`, machineId, parentId: null },
    source,
    event: { type },
    value: 'idle',
    status: 'active',
  });
  // Both tabs run the session; tab b also a transfer, whose quote the session's answer started.
  const steps = [
    step('a', 0, 'session', 'xstate.init'),
    step('b', 0, 'session', 'xstate.init'),
    step('b', 1, 'transfer', 'AMOUNT_CHANGED'),
    step('a', 1, 'session', 'LOG_OUT_REQUESTED'),
    step('b', 2, 'transfer', 'QUOTE_READY', { id: 'b/x:session', name: 'session' }),
  ];

  async function renderPanel() {
    const i18n = createInstance();
    await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
    const container = document.body.appendChild(document.createElement('div'));
    act(() => {
      root = createRoot(container);
      root.render(
        <I18nextProvider i18n={i18n}>
          <LivePanel steps={steps} replay={null} onReplay={() => {}} />
        </I18nextProvider>,
      );
    });
    const rows = (testId: string) =>
      [...container.querySelectorAll(`[data-testid="${testId}"] tbody tr`)].map((row) =>
        [...row.children].map((cell) => cell.textContent).join(' | '),
      );
    const show = (value: string) => {
      const picker = container.querySelector<HTMLSelectElement>('[data-testid="flow-live-filter"]')!;
      picker.value = value;
      act(() => picker.dispatchEvent(new Event('change', { bubbles: true })));
    };
    const lanes = () => [...container.querySelectorAll('.flow-seq-lane')].map((lane) => lane.textContent);
    return { container, rows, show, lanes };
  }

  it('lists each actor once under its tab, and names the tab in the log and the sequence', async () => {
    const { rows, lanes } = await renderPanel();
    expect(rows('flow-live-actors')).toEqual([
      'Tab 1',
      'session | idle | active',
      'Tab 2',
      'session | idle | active',
      'transfer | idle | active',
    ]);
    expect(rows('flow-live-events').map((row) => row.split(' | ').slice(1, 3).join(' | '))).toEqual([
      'sessionTab 1 | xstate.init',
      'sessionTab 2 | xstate.init',
      'transferTab 2 | AMOUNT_CHANGED',
      'sessionTab 1 | LOG_OUT_REQUESTED',
      'transferTab 2 | QUOTE_READY',
    ]);
    // Each tab's page is a lane of its own: what one customer did never seems to come from the other.
    expect(lanes()).toEqual(['PageTab 1', 'sessionTab 1', 'PageTab 2', 'sessionTab 2', 'transferTab 2']);
  });

  it('narrows the log and the sequence to one tab, or to one actor and what it sent', async () => {
    const { rows, show, lanes } = await renderPanel();
    show('tab:a');
    expect(rows('flow-live-events').map((row) => row.split(' | ')[2])).toEqual(['xstate.init', 'LOG_OUT_REQUESTED']);
    expect(lanes()).toEqual(['PageTab 1', 'sessionTab 1']);

    show('actor:b/x:session');
    expect(rows('flow-live-events').map((row) => row.split(' | ')[2])).toEqual(['xstate.init', 'QUOTE_READY']);
    expect(lanes()).toEqual(['PageTab 2', 'sessionTab 2', 'transferTab 2']);
    // The actors stay listed whatever the log shows.
    expect(rows('flow-live-actors')).toHaveLength(5);

    show('');
    expect(rows('flow-live-events')).toHaveLength(5);
  });
});

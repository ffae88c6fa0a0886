// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepAppShell } from '../src/platform/serviceWorker';

type Observer = { callback: PerformanceObserverCallback; options?: PerformanceObserverInit };

function browserWithWorker() {
  const postMessage = vi.fn();
  const registration = { installing: null, waiting: null, active: { postMessage } };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register: vi.fn(async () => registration) } });
  const observers: Observer[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(private readonly callback: PerformanceObserverCallback) {}
      observe(options: PerformanceObserverInit) {
        observers.push({ callback: this.callback, options });
      }
    },
  );
  /** Resource entries appearing, as the browser reports loaded ones. */
  const loaded = (...urls: string[]) => {
    const entries = urls.map((name) => ({ name, entryType: 'resource' }) as PerformanceEntry);
    for (const { callback } of observers)
      callback({ getEntries: () => entries } as PerformanceObserverEntryList, {} as PerformanceObserver);
  };
  return { postMessage, observers, loaded };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/**
 * The app tells its service worker every script and style the page loads, so a reload without a connection
 * opens the same page. A request that started before the worker controlled the page passes it by, and its
 * resource entry appears only once it has loaded: the home's chart, once missing from the kept shell.
 */
describe('keeping the app shell', () => {
  it('tells the worker what loaded before it ran, and what arrives later, its own scripts and styles only', async () => {
    const { postMessage, observers, loaded } = browserWithWorker();
    await keepAppShell();
    // From the page's start: the entries already there come first.
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options).toMatchObject({ type: 'resource', buffered: true });

    const origin = window.location.origin;
    loaded(`${origin}/assets/app-1.js`, `${origin}/api/accounts`, 'https://elsewhere.example/assets/x.js', `${origin}/assets/app-1.css`);
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'KEEP_ASSETS', urls: ['/assets/app-1.js', '/assets/app-1.css'] });

    // The chart's script, asked for before the worker took the page and loaded after.
    loaded(`${origin}/assets/uPlot.esm-1.js`);
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'KEEP_ASSETS', urls: ['/assets/uPlot.esm-1.js'] });

    loaded(`${origin}/api/rates`);
    expect(postMessage).toHaveBeenCalledTimes(2);
  });
});

import { existsSync } from 'node:fs';

/**
 * Debian's Chromium, as Playwright and the diagram renderer launch it: never a downloaded browser, and
 * kept off the network (this machine's network is closed; without these flags Chromium keeps trying).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless shell (`chromium-headless-shell`, the same engine without the browser's own UI), which
 * Playwright prefers for headless runs too: a model path took 40 % less time in it than in the full
 * browser's headless mode on the CI machine's 2 cores. The service-worker journeys (installability, push
 * notifications shown by the worker) and the camera keep the full browser. Without the package, the full
 * browser serves everything.
 */
export const CHROMIUM_HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The end-to-end runs' flags: at most one renderer process where Chromium can share one. Every test opens a
 * new context whose page starts on about:blank in a renderer of its own; with site isolation, its first
 * navigation to the app then started a second one (about 130 ms on an idle machine, and a process's start
 * in CPU on CI's two busy cores). Under the limit the navigation stays in the first: 8 % less time for a
 * model path (docs/testing.md, "CI time, 1 December"). Contexts never share a process, so tests with two
 * customers still get one each; the sites a test visits (the app, the sign-in stand-ins) are all ours.
 * The benchmarks keep a browser as customers run it.
 */
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--renderer-process-limit=1'];

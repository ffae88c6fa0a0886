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

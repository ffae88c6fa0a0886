/**
 * Debian's Chromium, as Playwright and the diagram renderer launch it: never a downloaded browser, and
 * kept off the network (this machine's network is closed; without these flags Chromium keeps trying).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

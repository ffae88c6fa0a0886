// Playwright drives the system Chromium and never downloads a browser; without it, say how to get it.
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM_PATH)) {
  console.error(
    `No Chromium at ${CHROMIUM_PATH}: install it with "sudo apt-get update && sudo apt-get install -y chromium" (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}

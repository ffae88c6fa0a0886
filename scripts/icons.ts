// Draws the installable app's icons (public/icons/) from the favicon's mark, once: `npx tsx scripts/icons.ts`.
// Chromium renders each SVG at its pixel size (a PNG at 192 and 512 is what every install prompt accepts).
import { readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const root = path.resolve(import.meta.dirname, '..');
const favicon = await readFile(path.join(root, 'public', 'favicon.svg'), 'utf8');
const mark = /<path [^>]*\/>/.exec(favicon)?.[0];
const background = /<rect [^>]*fill="(#[0-9a-f]{6})"/.exec(favicon)?.[1];
if (!mark || !background) throw new Error('public/favicon.svg no longer has the rect and the path this script draws from');

/**
 * A maskable icon is cropped by the launcher to any shape inside its centre circle (80 % of its width):
 * the whole square is the background, and the mark is drawn at 60 % so that no crop reaches it.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(6.4 6.4) scale(0.6)">${mark}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
];

await mkdir(path.join(root, 'public', 'icons'), { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: path.join(root, 'public', 'icons', file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageHtml } from '../server/preload';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file));
const manifest = JSON.parse(read('public/manifest.webmanifest').toString('utf8')) as {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};
const theme = read('src/ui/theme.css').toString('utf8');
const token = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6});`).exec(theme)?.[1];

/** A PNG's width and height, from its IHDR chunk (bytes 16–23). */
function pngSize(file: string) {
  const bytes = read(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest (what makes Meridian installable)', () => {
  it('opens the app standalone at its start page, its scope the whole app', () => {
    expect(manifest).toMatchObject({ name: 'Meridian', short_name: 'Meridian', start_url: '/', scope: '/', display: 'standalone' });
  });

  it('takes its colours from the design tokens, as the page’s theme-color does', () => {
    expect(manifest.theme_color).toBe(token('accent'));
    expect(manifest.background_color).toBe(token('n-0'));
    expect(read('index.html').toString('utf8')).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
  });

  it('has PNG icons of 192 and 512 pixels, and a maskable one, each of the size it declares', () => {
    for (const icon of manifest.icons) expect(pngSize(path.join('public', icon.src)), icon.src).toBe(icon.sizes);
    const sizes = (purpose: string) => manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(['192x192', '512x512']);
    expect(sizes('maskable')).toEqual(['512x512']);
    expect(manifest.icons.every((icon) => icon.type === 'image/png')).toBe(true);
  });

  it('is linked from every page, the prerendered ones included', () => {
    const link = '<link rel="manifest" href="/manifest.webmanifest" />';
    const template = read('index.html').toString('utf8');
    expect(template).toContain(link);
    const prerendered = { root: '<main>Welcome</main>', title: 'Welcome', audience: 'guest' as const };
    expect(pageHtml(template, undefined, '/ar/welcome', { socialProviders: [], demoMode: false }, prerendered).html).toContain(link);
  });
});

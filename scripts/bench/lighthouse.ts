// Lighthouse for `npm run bench:lighthouse`, installed on first use into .bench/ (git-ignored) instead of
// being a dev dependency: its 168 packages (Puppeteer, Sentry, OpenTelemetry) were about a sixth of
// what every `npm ci` — CI's included — downloaded and unpacked for a benchmark that only people run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** 12.8.2: the last release that runs on Node 20. */
export const LIGHTHOUSE_VERSION = '12.8.2';

/** The parts of Lighthouse's result this benchmark reads (its own types come with the package). */
type AuditItem = Record<string, unknown>;
interface AuditDetails {
  type: string;
  /** A `list`'s items are tables of their own. */
  items: Array<AuditItem & { type?: string; items?: AuditItem[] }>;
}
export interface LighthouseResult {
  lhr: {
    runtimeError?: { code: string };
    finalDisplayedUrl: string;
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<string, { numericValue?: number; details?: AuditDetails } | undefined>;
  };
  artifacts: { Trace: unknown };
}
type Lighthouse = (
  url: string,
  flags: {
    port: number;
    output: 'json';
    logLevel: 'error';
    onlyCategories: string[];
    disableStorageReset: boolean;
  },
) => Promise<LighthouseResult | undefined>;

export async function loadLighthouse(root: string): Promise<Lighthouse> {
  const prefix = path.join(root, '.bench', `lighthouse-${LIGHTHOUSE_VERSION}`);
  const packageDir = path.join(prefix, 'node_modules', 'lighthouse');
  if (!existsSync(path.join(packageDir, 'package.json'))) {
    console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into ${path.relative(root, prefix)} (once)…`);
    const install = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE_VERSION}`],
      { stdio: 'inherit' },
    );
    if (install.status !== 0) throw new Error(`npm could not install lighthouse@${LIGHTHOUSE_VERSION}`);
  }
  const { main } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { main: string };
  const module = (await import(pathToFileURL(path.join(packageDir, main)).href)) as { default: Lighthouse };
  return module.default;
}

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs a few lines as an ES module with tsx, as the server runs, and says how the process ended. */
function run(lines: string[]) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', lines.join('\n')], {
    cwd: process.cwd(),
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

const rejectNobodyAwaits = ["Promise.reject(new Error('nobody awaited this'));", "setTimeout(() => console.log('still serving'), 100);"];

describe('an unhandled rejection', () => {
  it('ends a plain Node process (which is why the server guards against it)', () => {
    const ended = run(rejectNobodyAwaits);
    expect(ended.status).not.toBe(0);
    expect(ended.stdout).not.toContain('still serving');
  });

  it('is logged and leaves the server process running', () => {
    const kept = run([
      "import { keepRunningOnUnhandledRejections } from './server/processGuards.ts';",
      'keepRunningOnUnhandledRejections({ info() {}, warn() {}, error: (event, fields) => console.log(event, JSON.stringify(fields)) });',
      ...rejectNobodyAwaits,
    ]);
    expect(kept.stderr).toBe('');
    expect(kept.status).toBe(0);
    expect(kept.stdout).toMatch(/process\.unhandled_rejection .*nobody awaited this/);
    expect(kept.stdout).toContain('still serving');
  });
});

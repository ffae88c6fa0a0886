// `node scripts/run-parallel.mjs <npm script>…`: runs npm scripts side by side and fails when any fails.
// For `npm test`'s independent steps (typecheck, format check, lint, the app's build, the client tests),
// which CI's two cores can run side by side instead of one after another. Each script's output
// is held back and printed whole when it ends, under a header with its time and exit status, so failures
// stay readable rather than interleaved.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script>…');
  process.exit(2);
}

const started = Date.now();
const seconds = (from) => `${((Date.now() - from) / 1000).toFixed(1)} s`;

function run(script) {
  const from = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      process.stdout.write(
        `\n── npm run ${script}: ${status === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(from)}\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve({ script, status });
    });
  });
}

// Interrupting the run stops the scripts too (they share the terminal's process group).
const results = await Promise.all(scripts.map(run));
const failed = results.filter(({ status }) => status !== 0).map(({ script }) => script);
console.log(`\n── ${scripts.join(', ')}: ${failed.length ? `FAILED: ${failed.join(', ')}` : 'all passed'} in ${seconds(started)}`);
process.exit(failed.length ? 1 : 0);

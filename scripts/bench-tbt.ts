// `npm run bench:tbt`: the main-thread long tasks of the first load of the signed-in pages, in Chromium,
// cold cache, on a 412×823 phone viewport. Each task's own processor time (from a trace, so a loaded
// machine's waits do not count) is multiplied by 4, as Lighthouse's mobile preset simulates a slower
// processor. Prints per page the median of the runs' blocking time (the part over 50 ms of every long
// task Lighthouse's simulation places after the first paint: see `counted`), the same by wall time (what
// Lighthouse multiplies: it follows the machine's load), the functions that ran longest in each long task
// and where the main thread's time went (CPU profile, mapped to the sources through the build's hidden
// source maps). A measurement, not a test. `BENCH_RUNS=5`, `BENCH_ONLY='ar /profile'` (pages whose
// `<locale> <path>` contains it), `BENCH_TOP=25` (lines of the time lists).
import { chromium } from '@playwright/test';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { signIn, startApp } from './bench-app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY = process.env.BENCH_ONLY;
const TOP = Number(process.env.BENCH_TOP ?? 25);
const PAGES = ['/', '/profile/security'];
const LOCALES = ['en', 'ar'] as const;

type ProfileNode = {
  id: number;
  parent?: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

const maps = new Map<string, TraceMap | null>();
/** `function (source:line)` of a frame, through the chunk's source map when the build wrote one. */
function frameName({ functionName, url, lineNumber, columnNumber }: ProfileNode['callFrame']): string {
  if (!url.includes('/assets/')) return `${functionName || '(anonymous)'}${url ? ` (${new URL(url).pathname}:${lineNumber + 1})` : ''}`;
  const file = path.join(root, 'dist', new URL(url).pathname);
  if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null);
  const map = maps.get(file);
  const original = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
  const where = original?.source
    ? `${original.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '')}:${original.line}`
    : `${path.basename(file)}:${lineNumber + 1}`;
  return `${original?.name ?? (functionName || '(anonymous)')} (${where})`;
}

/** Self and total milliseconds per function name over the samples taken between `from` and `to` (µs). */
function attribute(profile: Profile, from: number, to: number, self: Map<string, number>, total: Map<string, number>) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) byId.get(child)!.parent = node.id;
  let time = profile.startTime;
  profile.samples.forEach((sample, index) => {
    time += profile.timeDeltas[index]!;
    const dt = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (time < from || time > to) return;
    let node = byId.get(sample);
    const seen = new Set<string>();
    // A built-in (no script: `fetch`, a cookie read, a GC) is named with its caller, which says why it ran.
    const caller = node?.parent === undefined ? undefined : byId.get(node.parent);
    const leaf = !node
      ? '?'
      : node.callFrame.url || !caller
        ? frameName(node.callFrame)
        : `${frameName(node.callFrame)} ← ${frameName(caller.callFrame)}`;
    self.set(leaf, (self.get(leaf) ?? 0) + dt);
    while (node) {
      const name = frameName(node.callFrame);
      if (!seen.has(name)) total.set(name, (total.get(name) ?? 0) + dt);
      seen.add(name);
      node = node.parent === undefined ? undefined : byId.get(node.parent);
    }
  });
}

/** Lighthouse's mobile preset simulates a processor 4× slower than the one it runs on. */
const SLOWDOWN = 4;

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; frame?: string };
};
type Trace = { traceEvents: TraceEvent[] };

/** Trace events that run the page's scripts (the entry's evaluation, a callback, a hydration slice). */
const SCRIPT_EVENTS = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'RunMicrotasks',
  'FireIdleCallback',
  'FireAnimationFrame',
  'EventDispatch',
]);

/**
 * The page's main-thread tasks with the processor time each took (the thread's own time, `tdur`: what the
 * page ran, not the time other processes on a loaded machine held the processor), whether each ran the
 * page's scripts, and its first contentful paint (µs, trace clock).
 */
function mainThreadTasks({ traceEvents }: Trace) {
  const main = traceEvents.find(
    (event) =>
      event.name === 'thread_name' &&
      event.args?.name === 'CrRendererMain' &&
      traceEvents.some((other) => other.name === 'firstContentfulPaint' && other.pid === event.pid),
  );
  if (!main) throw new Error('No renderer main thread with a first contentful paint in the trace');
  const fcp = traceEvents.find((event) => event.name === 'firstContentfulPaint' && event.pid === main.pid)!.ts;
  const onMain = traceEvents.filter((event) => event.pid === main.pid && event.tid === main.tid);
  const scriptStarts = onMain.filter((event) => SCRIPT_EVENTS.has(event.name)).map((event) => event.ts);
  const tasks = onMain
    .filter((event) => event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask')
    .map((event) => {
      const end = event.ts + (event.dur ?? 0);
      return {
        start: event.ts,
        end,
        cpu: (event.tdur ?? event.dur ?? 0) / 1000,
        wall: (event.dur ?? 0) / 1000,
        script: scriptStarts.some((ts) => ts >= event.ts && ts <= end),
      };
    });
  return { tasks, fcp };
}

/**
 * Lighthouse's TBT on the slowed processor: the part over 50 ms of every task it places after the first
 * paint. Its simulation (lantern) replays the trace on a 1.6 Mbit/s network, where the prerendered page
 * paints as soon as the HTML and the stylesheets are in, long before the ~150 KB of module scripts are: so
 * every task that runs a script counts, also those that ran before the paint observed here (the entry's
 * evaluation, the hydration — on localhost they often come before it). Only the HTML parsing, style and
 * layout before the observed paint are on the paint's side.
 */
const counted = (task: { start: number; script: boolean }, fcp: number) => task.start >= fcp || task.script;
const blockingTime = (tasks: { start: number; cpu: number; wall: number; script: boolean }[], fcp: number, time: 'cpu' | 'wall') =>
  tasks.filter((task) => counted(task, fcp)).reduce((sum, task) => sum + Math.max(0, task[time] * SLOWDOWN - 50), 0);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const top = (map: Map<string, number>, runs: number, count = TOP) =>
  [...map]
    .filter(([name]) => !/^\((idle|root|program)\)( |$)/.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => [name, ms / runs] as const);
const lines = (entries: (readonly [string, number])[]) =>
  entries.map(([name, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${name}`).join('\n');

const app = await startApp();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  console.log(
    `\n${RUNS} runs per page, cold cache; blocking time = Σ (${SLOWDOWN} × task's processor time − 50 ms) after FCP or running a script\n`,
  );
  for (const locale of LOCALES) {
    for (const page of PAGES) {
      if (ONLY && !`${locale} ${page}`.includes(ONLY)) continue;
      const url = app.origin + (locale === 'en' ? page : page === '/' ? `/${locale}` : `/${locale}${page}`);
      const runs: { tbt: number; wall: number; tasks: string[] }[] = [];
      const self = new Map<string, number>();
      const total = new Map<string, number>();
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        await context.addCookies(await signIn(app.origin, locale));
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await browser.startTracing(tab, { categories: ['toplevel', 'loading', 'devtools.timeline'] });
        await cdp.send('Profiler.start');
        await tab.goto(url, { waitUntil: 'networkidle' });
        // What the first load still runs after the network settles (idle callbacks, timers) counts too.
        await tab.waitForTimeout(2000);
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
        const { tasks, fcp } = mainThreadTasks(JSON.parse((await browser.stopTracing()).toString()) as Trace);
        // Each long task with the functions that ran longest in it (the profile and the trace share a clock).
        const long = tasks.filter((task) => counted(task, fcp) && task.cpu * SLOWDOWN > 50);
        runs.push({
          tbt: blockingTime(tasks, fcp, 'cpu'),
          wall: blockingTime(tasks, fcp, 'wall'),
          tasks: long.map((task) => {
            const inTask = new Map<string, number>();
            attribute(profile, task.start, task.end, inTask, new Map());
            const names = top(inTask, 1, 3).map(([name]) => name.replace(/ \((?:[^()]*\/)?([^/()]+)\)/, ' ($1)'));
            return `${task.start < fcp ? '*' : ''}${Math.round(task.cpu * SLOWDOWN)} ms: ${names.join(', ')}`;
          }),
        });
        attribute(profile, profile.startTime, Infinity, self, total);
        await context.close();
      }
      const label = `${locale} ${page}`;
      console.log(
        `${label.padEnd(22)} blocking ${median(runs.map((r) => r.tbt))
          .toFixed(0)
          .padStart(
            5,
          )} ms (runs ${runs.map((r) => r.tbt.toFixed(0)).join(' ')}); by wall time, as Lighthouse ${median(runs.map((r) => r.wall)).toFixed(0)} ms (runs ${runs.map((r) => r.wall.toFixed(0)).join(' ')})`,
      );
      for (const [index, r] of runs.entries())
        console.log(`  run ${index + 1}, long tasks counted (slowed; * before FCP):\n${r.tasks.map((task) => `    ${task}`).join('\n')}`);
      console.log(`  self time per run:\n${lines(top(self, RUNS))}\n  total time per run:\n${lines(top(total, RUNS))}\n`);
    }
  }
} finally {
  await browser.close();
  await app.stop();
}

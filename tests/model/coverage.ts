import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelledEntry } from '../models/catalog';
import type { FlowPaths } from '../models/graph/paths';
import type { Replayed } from './replay';

export interface FlowCoverage {
  id: string;
  title: string;
  states: { reached: number; total: number; missing: string[] };
  transitions: { taken: number; total: number; missing: string[] };
  paths: Array<{ name: string; steps: string[]; passed: boolean }>;
  problems: string[];
  /** Generation and replay, in milliseconds. */
  ms: number;
}

/** Coverage counts what the real machine did during the replays, not what the generator planned. */
export function coverageOf(entry: ModelledEntry, flow: FlowPaths, replays: ReadonlyMap<string, Replayed>, ms: number): FlowCoverage {
  const states = new Set([...replays.values()].flatMap((r) => [...r.states]));
  const transitions = new Set([...replays.values()].flatMap((r) => [...r.transitions]));
  return {
    id: entry.id,
    title: entry.title,
    states: {
      reached: flow.states.filter((s) => states.has(s.id)).length,
      total: flow.states.length,
      missing: flow.states.filter((s) => !states.has(s.id)).map((s) => s.path),
    },
    transitions: {
      taken: flow.transitions.filter((t) => transitions.has(t.index)).length,
      total: flow.transitions.length,
      missing: flow.transitions.filter((t) => !transitions.has(t.index)).map((t) => t.label),
    },
    paths: flow.paths.map((path) => ({
      name: path.name,
      steps: path.steps.map((step) => `${step.label} ⇒ ${step.states.map((id) => id.split('.').slice(1).join('.')).join(', ')}`),
      passed: replays.has(path.name),
    })),
    problems: flow.problems,
    ms,
  };
}

const percent = (part: number, total: number) => (total === 0 ? 100 : Math.floor((part / total) * 100));
export const isComplete = (c: FlowCoverage) => c.states.reached === c.states.total && c.transitions.taken === c.transitions.total;

export function coverageTable(rows: readonly FlowCoverage[]): string {
  const header = ['machine', 'states', 'transitions', 'paths', 'time'];
  const body = rows.map((c) => [
    c.id,
    `${c.states.reached}/${c.states.total} ${percent(c.states.reached, c.states.total)}%`,
    `${c.transitions.taken}/${c.transitions.total} ${percent(c.transitions.taken, c.transitions.total)}%`,
    `${c.paths.filter((p) => p.passed).length}/${c.paths.length}`,
    `${Math.round(c.ms)} ms`,
  ]);
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const missing = rows.flatMap((c) => [
    ...c.states.missing.map((s) => `  ${c.id}: state never reached: ${s}`),
    ...c.transitions.missing.map((t) => `  ${c.id}: transition never taken: ${t}`),
  ]);
  return ['Model coverage (paths: replayed without failure / generated)', line(header), ...body.map(line), ...missing].join('\n');
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

function html(rows: readonly FlowCoverage[], generatedAt: string): string {
  const summary = rows
    .map(
      (c) => `<tr class="${isComplete(c) ? 'ok' : 'short'}"><th><a href="#${escape(c.id)}">${escape(c.id)}</a></th>
<td>${c.states.reached}/${c.states.total} (${percent(c.states.reached, c.states.total)}%)</td>
<td>${c.transitions.taken}/${c.transitions.total} (${percent(c.transitions.taken, c.transitions.total)}%)</td>
<td>${c.paths.filter((p) => p.passed).length}/${c.paths.length}</td><td>${Math.round(c.ms)} ms</td></tr>`,
    )
    .join('\n');
  const details = rows
    .map((c) => {
      const missing = [...c.states.missing.map((s) => `state ${s}`), ...c.transitions.missing, ...c.problems];
      const paths = c.paths
        .map(
          (p) =>
            `<li class="${p.passed ? 'ok' : 'short'}">${escape(p.name)}<ol start="0">${p.steps.map((s) => `<li>${escape(s)}</li>`).join('')}</ol></li>`,
        )
        .join('\n');
      return `<section id="${escape(c.id)}"><h2>${escape(c.title)} <code>${escape(c.id)}</code></h2>
${missing.length ? `<p>Not covered:</p><ul class="short">${missing.map((m) => `<li>${escape(m)}</li>`).join('')}</ul>` : '<p>Every state reached, every transition taken.</p>'}
<h3>Paths</h3><ul>${paths}</ul></section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Model coverage</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse}
th,td{padding:.25rem .75rem;border-bottom:1px solid #ddd;text-align:left}.ok{color:#14532d}.short{color:#991b1b}
ol{color:#333;font-family:ui-monospace,monospace;font-size:12px}</style></head>
<body><h1>Model coverage</h1><p>Generated ${escape(generatedAt)} by <code>npm run test:model</code>.</p>
<table><thead><tr><th>machine</th><th>states</th><th>transitions</th><th>paths passed</th><th>time</th></tr></thead>
<tbody>${summary}</tbody></table>
${details}
</body></html>
`;
}

export async function writeCoverageReports(rows: readonly FlowCoverage[], dir = 'reports/model'): Promise<void> {
  const generatedAt = new Date().toISOString();
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'coverage.json'), `${JSON.stringify({ generatedAt, machines: rows }, null, 2)}\n`);
  await writeFile(join(dir, 'coverage.html'), html(rows, generatedAt));
}

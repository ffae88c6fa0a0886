import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelledEntry } from '../../tests/models/catalog';
import { FLOWS_DIR, buildFlowDocs, flowTextFiles, svgHeader } from './docs';
import { EXPLORER_DIR, explorerFiles } from './explorer';

export interface FlowCheck {
  ok: boolean;
  /** One line per problem, naming the file and what differs. */
  problems: string[];
  /** How many files were compared. */
  checked: number;
}

function clip(line: string | undefined): string {
  if (line === undefined) return '(end of file)';
  const text = line.length > 100 ? `${line.slice(0, 97)}…` : line;
  return JSON.stringify(text);
}

/** `+3 −1 lines; first difference at line 12: expected "…", found "…"`. */
export function diffSummary(expected: string, actual: string): string {
  const want = expected.split('\n');
  const have = actual.split('\n');
  let first = 0;
  while (first < want.length && first < have.length && want[first] === have[first]) first += 1;
  const count = (lines: string[]) => {
    const counts = new Map<string, number>();
    for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
    return counts;
  };
  const wantCounts = count(want);
  const haveCounts = count(have);
  let missing = 0;
  let extra = 0;
  for (const [line, n] of wantCounts) missing += Math.max(0, n - (haveCounts.get(line) ?? 0));
  for (const [line, n] of haveCounts) extra += Math.max(0, n - (wantCounts.get(line) ?? 0));
  return `${missing} line(s) missing, ${extra} unexpected; first difference at line ${first + 1}: expected ${clip(want[first])}, found ${clip(have[first])}`;
}

/**
 * Regenerates the Mermaid sources and markdown in memory and compares them with the committed
 * docs/flows files; the SVGs are checked through the source hash they carry (no browser needed).
 */
export function checkFlows(root: string, catalog: readonly ModelledEntry[]): FlowCheck {
  const docs = buildFlowDocs(catalog);
  const expected = new Map([...flowTextFiles(docs), ...explorerFiles(catalog)]);
  const problems: string[] = [];
  let checked = 0;

  for (const [path, content] of expected) {
    checked += 1;
    const file = join(root, path);
    if (!existsSync(file)) {
      problems.push(`${path}: missing`);
      continue;
    }
    const actual = readFileSync(file, 'utf8');
    if (actual !== content) problems.push(`${path}: differs from the machine — ${diffSummary(content, actual)}`);
  }

  for (const doc of docs) {
    checked += 1;
    const path = `${FLOWS_DIR}/${doc.entry.id}.svg`;
    const file = join(root, path);
    if (!existsSync(file)) {
      problems.push(`${path}: missing`);
      continue;
    }
    const firstLine = readFileSync(file, 'utf8').split('\n', 1)[0];
    if (firstLine !== svgHeader(doc)) problems.push(`${path}: drawn from an older diagram (its mermaid-source-sha256 differs)`);
  }

  const dir = join(root, FLOWS_DIR);
  const generated = new Set([...expected.keys(), ...docs.map((d) => `${FLOWS_DIR}/${d.entry.id}.svg`)]);
  if (existsSync(dir)) {
    for (const name of readdirSync(dir).sort()) {
      const path = `${FLOWS_DIR}/${name}`;
      if (/\.(md|svg)$/.test(name) && !generated.has(path)) {
        problems.push(`${path}: no catalogued machine has this id any more (remove it, or run npm run flows)`);
      }
    }
  }

  for (const name of existsSync(join(root, EXPLORER_DIR)) ? readdirSync(join(root, EXPLORER_DIR)).sort() : []) {
    const path = `${EXPLORER_DIR}/${name}`;
    if (!expected.has(path)) problems.push(`${path}: no catalogued machine has this id any more (remove it, or run npm run flows)`);
  }

  return { ok: problems.length === 0, problems, checked };
}

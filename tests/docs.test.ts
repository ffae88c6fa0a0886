import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderRouteList, withRouteList } from '../scripts/routeList';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The repository's files as a clone has them: tracked ones and new ones not ignored. */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && existsSync(join(root, file)) && statSync(join(root, file)).isFile())
  .filter((file) => file !== 'package-lock.json' && !/\.(png|jpe?g|gif|webp|ico|pdf|woff2?|wasm)$/.test(file));

const texts = new Map<string, string>();
/** Each file is read once, however many checks look at it. */
const read = (file: string) => texts.get(file) ?? texts.set(file, readFileSync(join(root, file), 'utf8')).get(file)!;
const markdown = files.filter((file) => file.endsWith('.md'));

describe('docs/product.md', () => {
  it('lists the routes of src/routes/table.ts (run `npm run docs:product` when this fails)', () => {
    const doc = read('docs/product.md');
    expect(doc).toContain(renderRouteList());
    expect(withRouteList(doc)).toBe(doc);
  });
});

/** What only the product's old, outside documents were: a clone does not have them. */
const OUTSIDE = [
  { what: 'the folder next to the repository', pattern: /\bshared\/[A-Z]+\.md|\.\.\/shared(?![\w/])/ },
  { what: 'the outside specification, architecture or design files', pattern: /\b(?:SPEC|DESIGN|ARCHITECTURE)\.md\b/ },
  { what: 'sections of the outside specification', pattern: /\bspec(?:ification)?(?:'s|’s)? (?:sections?|§)|\bSPEC\s§/i },
  { what: 'the outside specification', pattern: /\bthe\sspec(?:ification)?\b(?!\.ts)/i },
  { what: 'the outside design notes', pattern: /\bdesign\sbrief\b/i },
];

describe('the repository stands on its own', () => {
  it.each(OUTSIDE)('no file refers to $what', ({ pattern }) => {
    const hits = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    // Cite docs/product.md, docs/design.md or docs/architecture.md (a section's anchor) instead.
    expect(hits).toEqual([]);
  });

  it('finds the documents it checks', () => {
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/design.md', 'docs/product.md']));
  });
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(file: string): Set<string> {
  const headings = read(file)
    .replace(/```[\s\S]*?```/g, '')
    .split('\n')
    .flatMap((line) => /^#{1,6}\s+(.*)$/.exec(line)?.[1] ?? []);
  return new Set(headings.map(anchorOf));
}

/** Where a relative link or a cited `docs/<name>.md#anchor` points, and the anchor if any. */
function target(from: string, link: string): { file: string; anchor: string | null } {
  const [path, anchor] = link.split('#') as [string, string | undefined];
  return { file: path === '' ? from : relative(root, join(root, dirname(from), decodeURI(path))), anchor: anchor ?? null };
}

function problemsOf(from: string, link: string): string[] {
  const { file, anchor } = target(from, link);
  if (!existsSync(join(root, file))) return [`${from}: ${link} — no such file`];
  if (anchor !== null && file.endsWith('.md') && !anchorsIn(file).has(anchor)) return [`${from}: ${link} — no such section`];
  return [];
}

describe('links between documents', () => {
  it.each(markdown)('%s: every relative link resolves, sections included', (file) => {
    const text = read(file).replace(/```[\s\S]*?```/g, '');
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map(([, link]) => link!).filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link));
    expect(links.flatMap((link) => problemsOf(file, link))).toEqual([]);
  });

  it('every section the code cites (docs/<name>.md#section) exists', () => {
    const cited = files.flatMap((file) =>
      [...read(file).matchAll(/\bdocs\/([\w-]+\.md)#([\w-]+)/g)].map(([, doc, anchor]) => ({ file, doc, anchor })),
    );
    expect(cited.length).toBeGreaterThan(0);
    expect(
      cited.flatMap(({ file, doc, anchor }) => (anchorsIn(`docs/${doc}`).has(anchor!) ? [] : [`${file}: docs/${doc}#${anchor}`])),
    ).toEqual([]);
  });
});

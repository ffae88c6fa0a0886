import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/architecture.md is how a newcomer adds a flow (issue 22: given only that page, a helper must get a
 * sample flow through lint, typecheck and `npm run test:model`). What the page names has to be where it
 * says: a renamed file or export would send the newcomer looking for something that is not there. The
 * sample flow `example` itself does not exist, so names and paths of it are left out.
 */

const root = join(import.meta.dirname, '..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const TOP_LEVEL = ['contract', 'machines', 'src', 'server', 'tests', 'e2e', 'docs', 'scripts', 'locales'];

/** Stands for a file or folder of the page's own sample, a pattern (`<area>`, `*`) or an elision. */
const illustrative = (path: string) => /example|[<>*…]/.test(path);

const codeSpans = (text: string) => [...text.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);

/** A module path as TypeScript resolves it (`../parts/failure` → `machines/parts/failure.ts`). */
function moduleFile(path: string): string | null {
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`]) {
    if (existsSync(join(root, candidate)) && /\.(ts|tsx|mjs|js)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Whether a module exports `name`, or (`exported` false) at least declares it at its top (`CONNECTED_AREAS` in eslint.config.js). */
function hasName(file: string, name: string, exported = true): boolean {
  const source = readFileSync(join(root, file), 'utf8');
  const declared = new RegExp(
    `^${exported ? 'export\\s+' : '(?:export\\s+)?'}(?:declare\\s+)?(?:async\\s+)?(?:function\\*?|const|let|class|interface|type|enum)\\s+${name}\\b`,
    'm',
  );
  const listed = new RegExp(`export\\s+(?:type\\s+)?\\{[^}]*\\b${name}\\b[^}]*\\}`);
  return declared.test(source) || listed.test(source);
}

describe('docs/architecture.md names what exists', () => {
  it('every repository path it names in code spans exists', () => {
    const paths = codeSpans(doc)
      .map((span) => span.replace(/#.*$/, '').replace(/\/$/, ''))
      .filter((span) => /^[\w.-]+(\/[\w.-]+)+$/.test(span) && TOP_LEVEL.includes(span.split('/')[0]!) && !illustrative(span));
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('every name it places in a file (`name` in `file`, `name` (`file`)) is declared there', () => {
    const pairs = [...doc.matchAll(/`([A-Za-z_$][\w$]*)(?:\([^`]*\))?`,?\s+(?:\(|in\s+|from\s+)`([\w./-]+\.(?:ts|tsx|mjs|js))`/g)]
      .map((m) => ({ name: m[1]!, file: m[2]! }))
      .filter(({ name, file }) => !illustrative(name) && !illustrative(file) && existsSync(join(root, file)));
    expect(pairs.length).toBeGreaterThan(10);
    expect(pairs.filter(({ name, file }) => !hasName(file, name, false)).map(({ name, file }) => `${name} in ${file}`)).toEqual([]);
  });

  it('the imports of the "add a flow" examples resolve to modules that export the names', () => {
    const section = doc.slice(doc.indexOf('## Adding a flow end to end'));
    const problems: string[] = [];
    let checked = 0;
    // Each example's file is the last path of the sample named before it (`machines/example/example.machine.ts`).
    for (const block of section.matchAll(/```ts\n([\s\S]*?)```/g)) {
      const before = section.slice(0, block.index);
      const file = [...before.matchAll(/`((?:machines|tests|src)\/[\w/.-]*example[\w.-]*\.ts)`/g)].at(-1)?.[1];
      if (!file) continue;
      for (const [, names, from] of block[1]!.matchAll(/import\s+(?:type\s+)?\{([^}]+)\}\s+from\s+'(\.[^']+)'/g)) {
        const target = posix.normalize(posix.join(dirname(file), from!));
        if (illustrative(target)) continue;
        const resolved = moduleFile(target);
        if (!resolved) {
          problems.push(`${file}: ${from} resolves to nothing`);
          continue;
        }
        for (const name of names!
          .split(',')
          .map((n) => n.replace(/^\s*type\s+/, '').trim())
          .filter(Boolean)) {
          checked++;
          if (!hasName(resolved, name)) problems.push(`${file}: ${name} is not exported by ${resolved}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(3);
    expect(problems).toEqual([]);
  });
});

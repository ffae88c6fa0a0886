import path from 'node:path';

const screens = path.resolve(import.meta.dirname, '..', '..', 'src', 'screens');

/** The area folder of a path under src/screens (`pay` for src/screens/pay/SendScreen.tsx), or null. */
function areaOf(file) {
  const relative = path.relative(screens, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/**
 * A screen area (src/screens/<area>/) imports its own files, `src/screens/shared/` and the floors below
 * (src/ui, src/app, machines/, contract/) — never another area's internals: what two areas need moves down.
 */
export const screenAreas = {
  meta: {
    type: 'problem',
    docs: { description: 'A screen area imports no other area of src/screens (only its own and shared/).' },
    messages: {
      otherArea: '{{area}} imports {{other}}’s internals ({{source}}): move what both need to src/ui, src/app or src/screens/shared.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const area = areaOf(file);
    if (!area || area === 'shared') return {};
    const check = (node) => {
      const source = node.source;
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const other = areaOf(path.resolve(path.dirname(file), source.value));
      if (other && other !== area && other !== 'shared') {
        context.report({ node: source, messageId: 'otherArea', data: { area, other, source: source.value } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Files of a folder of the project, as text. */
function sources(folder) {
  const dir = path.join(root, folder);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(path.join(dir, file), 'utf8'));
}

/** The contract's endpoints that change something: every method but GET (`name: endpoint('POST', …`). */
function writeEndpoints() {
  const names = new Set();
  for (const text of sources('contract/endpoints')) {
    for (const [, name, method] of text.matchAll(/^\s*(\w+): endpoint\(\s*'([A-Z]+)'/gm)) if (method !== 'GET') names.add(name);
  }
  return names;
}

/**
 * The calls of the API areas (src/api/*.ts) that reach a write endpoint: each two-space-indented entry
 * (`  updateName: (body) => client.call(routes.updateName, …)`) with a `routes.<write>` in its text.
 */
function writeCalls(endpoints) {
  const calls = new Set();
  for (const text of sources('src/api')) {
    const entries = text.split(/^(?= {2}(?:\w+): )/m);
    for (const entry of entries) {
      const name = /^ {2}(\w+): /.exec(entry)?.[1];
      if (name && [...entry.matchAll(/routes\.(\w+)/g)].some(([, route]) => endpoints.has(route))) calls.add(name);
    }
  }
  return calls;
}

const endpoints = writeEndpoints();
const calls = writeCalls(endpoints);

/**
 * Screens only read: a request that changes something is an actor of a machine in the catalog
 * (src/app/actors/<flow>.ts). Catches a write called from a screen, also inside a query's `queryFn`.
 */
export const noScreenWrites = {
  meta: {
    type: 'problem',
    docs: { description: 'No call of a non-GET endpoint from src/screens.' },
    messages: {
      write:
        '`{{name}}` changes something on the server: screens only read. Make it the actor of a machine in the catalog (src/app/actors/<flow>.ts), e.g. one use of machines/write/write.machine.ts.',
    },
    schema: [],
  },
  create(context) {
    return {
      MemberExpression(node) {
        if (node.computed || node.property.type !== 'Identifier') return;
        const name = node.property.name;
        const viaRoutes = node.object.type === 'Identifier' && node.object.name === 'routes' && endpoints.has(name);
        const viaArea = node.parent.type === 'CallExpression' && node.parent.callee === node && calls.has(name);
        if (viaRoutes || viaArea) context.report({ node, messageId: 'write', data: { name } });
      },
    };
  },
};

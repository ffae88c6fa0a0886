// `npm run docs:api`: regenerates docs/api.md and docs/openapi.json (tests/server/api-docs.test.ts fails
// when either is stale).
import { writeFileSync } from 'node:fs';
import { renderApiDocs, renderOpenApiJson } from './openapi';

for (const [file, render] of [
  ['api.md', renderApiDocs],
  ['openapi.json', renderOpenApiJson],
] as const) {
  const target = new URL(`../docs/${file}`, import.meta.url);
  writeFileSync(target, render());
  console.log(`Wrote ${target.pathname}`);
}

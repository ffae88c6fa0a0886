// `npm run docs:api`: regenerates docs/api.md (tests/server/api-docs.test.ts fails when it is stale).
import { writeFileSync } from 'node:fs';
import { renderApiDocs } from './openapi';

const target = new URL('../docs/api.md', import.meta.url);
writeFileSync(target, renderApiDocs());
console.log(`Wrote ${target.pathname}`);

// `npm run docs:testing`: rewrites the counts and coverage of docs/testing.md from the catalog and its models
// (tests/docs-testing.test.ts fails when they are stale).
import { readFileSync, writeFileSync } from 'node:fs';
import { renderCounts, withCounts } from './testingCounts';

const target = new URL('../docs/testing.md', import.meta.url);
writeFileSync(target, withCounts(readFileSync(target, 'utf8'), renderCounts()));
console.log(`Wrote ${target.pathname}`);

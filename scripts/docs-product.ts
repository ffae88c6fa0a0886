// `npm run docs:product`: rewrites the route list of docs/product.md (tests/docs.test.ts fails when it is stale).
import { readFileSync, writeFileSync } from 'node:fs';
import { withRouteList } from './routeList';

const target = new URL('../docs/product.md', import.meta.url);
writeFileSync(target, withRouteList(readFileSync(target, 'utf8')));
console.log(`Wrote ${target.pathname}`);

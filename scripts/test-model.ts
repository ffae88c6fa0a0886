/**
 * `npm run test:model [-- <machine id>…]`: the model-based path tests of all catalogued machines, or of
 * the ones named. Vitest would read extra arguments as file filters, so the ids travel in MODEL_FLOWS.
 */
import { startVitest } from 'vitest/node';
import { FLOWS_ENV, selectFlows } from '../tests/model/select';

const ids = process.argv.slice(2);
try {
  selectFlows(ids);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
process.env[FLOWS_ENV] = ids.join(',');
const vitest = await startVitest('test', ['tests/model/'], { run: true });
await vitest.close();

/**
 * `npm run test:mutation [-- <machine id>…]`: the mutation run (docs/testing.md). For each money and
 * sign-in flow, every guard negated and every transition target swapped (`tests/models/graph/mutants.ts`);
 * each mutant gets its own generated paths, replayed with its model's checks the way `npm run test:model`
 * does, and is killed when any check refuses it. Prints the survivors and the kill rate, and fails below
 * 90 %. Outside `npm test`: minutes on one core.
 *
 * A mutant can loop forever (an eventless transition sent back to its own state), which no in-process
 * check can stop: each machine's mutants run in a child process, and one that answers nothing for a while
 * is counted killed — the model test would time out on it — and the child restarted after it.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mutantsOf } from '../tests/models/graph/mutants';
import { refusalOf } from '../tests/model/refusal';
import { selectFlows } from '../tests/model/select';
import { printTable } from './printTable';

const FLOWS = ['transfer', 'payment', 'withdrawal', 'payByCode', 'collateral', 'login'];
const REQUIRED_RATE = 0.9;
/** Far above the slowest mutant's run (a withdrawal's 18 paths: seconds, half a minute on a loaded machine). */
const HANG_MS = 180_000;

interface Verdict {
  index: number;
  /** The first line of what refused the mutant, or null when it survived. */
  refusal: string | null;
}

const WORKER = '--mutants-of';

/** The verdicts on a machine's mutants, from `from` on, in a child process; a mutant that hangs is killed by the clock. */
function verdictsOf(id: string, count: number, from = 0): Promise<Verdict[]> {
  if (from >= count) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const verdicts: Verdict[] = [];
    const child = fork(fileURLToPath(import.meta.url), [WORKER, id, String(from)], { execArgv: ['--import', 'tsx'] });
    let timer: NodeJS.Timeout;
    const watch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const index = from + verdicts.length;
        verdicts.push({ index, refusal: `no answer in ${HANG_MS / 1000} s: the machine loops forever` });
        child.kill('SIGKILL');
        verdictsOf(id, count, index + 1).then((rest) => resolve([...verdicts, ...rest]), reject);
      }, HANG_MS);
    };
    watch();
    child.on('message', (verdict: Verdict) => {
      verdicts.push(verdict);
      watch();
    });
    child.on('exit', (code) => {
      if (from + verdicts.length < count) {
        if (code !== null) {
          clearTimeout(timer);
          reject(new Error(`the mutants of ${id} stopped at ${from + verdicts.length} of ${count} (exit code ${code})`));
        }
        return;
      }
      clearTimeout(timer);
      resolve(verdicts);
    });
  });
}

const percent = (part: number, total: number) => `${total === 0 ? 100 : Math.floor((part / total) * 1000) / 10} %`;

async function main() {
  const ids = process.argv.slice(2);
  let entries: ReturnType<typeof selectFlows>;
  try {
    entries = selectFlows(ids.length > 0 ? ids : FLOWS);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const rows: string[][] = [];
  const survivors: string[] = [];
  let all = 0;
  let killedAll = 0;
  for (const entry of entries) {
    const mutants = mutantsOf(entry.machine);
    const verdicts = await verdictsOf(entry.id, mutants.length);
    let killed = 0;
    for (const { index, refusal } of verdicts) {
      const name = `${entry.id}: ${mutants[index]!.transition}: ${mutants[index]!.mutation}`;
      if (process.env.MUTATION_VERBOSE) console.log(`${name}\n  ${refusal ?? 'SURVIVED'}`);
      if (refusal === null) survivors.push(`  ${name}`);
      else killed++;
    }
    rows.push([entry.id, String(mutants.length), String(killed), String(mutants.length - killed), percent(killed, mutants.length)]);
    all += mutants.length;
    killedAll += killed;
  }

  const table = [
    ['machine', 'mutants', 'killed', 'survived', 'kill rate'],
    ...rows,
    ['all', String(all), String(killedAll), String(all - killedAll), percent(killedAll, all)],
  ];
  printTable('Mutation run (guards negated, targets swapped; killed = refused by the model tests)', table);
  if (survivors.length > 0) console.log(`Survivors:\n${survivors.join('\n')}`);
  if (killedAll < REQUIRED_RATE * all) {
    console.error(
      `The kill rate ${percent(killedAll, all)} is below ${REQUIRED_RATE * 100} %: strengthen the models' checks (docs/testing.md).`,
    );
    process.exit(1);
  }
}

if (process.argv[2] === WORKER) {
  const [id, from] = [process.argv[3]!, Number(process.argv[4])];
  const entry = selectFlows([id])[0]!;
  const mutants = mutantsOf(entry.machine);
  for (let index = from; index < mutants.length; index++) {
    const refusal = await refusalOf(entry, mutants[index]!.build());
    process.send!({ index, refusal: refusal?.split('\n')[0] ?? null } satisfies Verdict);
  }
  process.disconnect();
} else {
  await main();
}

// `npm run contracts`: compiles contracts/*.sol with solc (the npm build of the compiler, pinned in
// devDependencies) into contracts/<Name>.json — the ABI and creation bytecode the server deploys to
// the local development nodes. The output is committed so `npm start` needs no compiler;
// `--check` fails when it is stale (run by tests/server/contracts.test.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import solc from 'solc';

const dir = path.resolve(import.meta.dirname, '..', 'contracts');
const sources = Object.fromEntries(
  readdirSync(dir)
    .filter((file) => file.endsWith('.sol'))
    .map((file) => [file, { content: readFileSync(path.join(dir, file), 'utf8') }]),
);
const input = {
  language: 'Solidity',
  sources,
  settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
if (errors.length > 0) {
  for (const error of errors) console.error(error.formattedMessage);
  process.exit(1);
}

const check = process.argv.includes('--check');
let stale = false;
for (const [file, contracts] of Object.entries(output.contracts)) {
  for (const [name, contract] of Object.entries(contracts)) {
    const artifact = {
      source: `contracts/${file}`,
      compiler: `solc ${solc.version()}`,
      abi: contract.abi,
      bytecode: `0x${contract.evm.bytecode.object}`,
    };
    const target = path.join(dir, `${name}.json`);
    const text = `${JSON.stringify(artifact, null, 2)}\n`;
    if (check) {
      const current = readFileSync(target, 'utf8');
      if (current !== text) {
        console.error(`${path.relative(process.cwd(), target)} is stale: run \`npm run contracts\`.`);
        stale = true;
      }
    } else {
      writeFileSync(target, text);
      console.log(`wrote ${path.relative(process.cwd(), target)}`);
    }
  }
}
if (stale) process.exit(1);

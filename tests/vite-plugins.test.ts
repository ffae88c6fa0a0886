import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { transformSync } from 'rolldown/utils';
import { describe, expect, it } from 'vitest';
import { transferMachine } from '../machines/transfer/transfer.machine';
import { machineDescriptionsOut } from '../scripts/vite-plugins';

/** The plugin's transform as the build runs it: on a machine module's JavaScript, with the bundler's parser. */
function strip(code: string, id = '/repo/machines/sample/sample.machine.ts'): string {
  const { transform } = machineDescriptionsOut();
  const handler = (transform as { handler: (this: unknown, code: string, id: string) => { code: string } | null }).handler;
  return handler.call({ parse: (source: string) => parseAst(source) }, code, id)?.code ?? code;
}

describe('machineDescriptionsOut (the build leaves machine descriptions out of the bundle)', () => {
  it('blanks the written-out descriptions of the machine, its states and transitions, moving no code', () => {
    const source = [
      'export const m = setup({}).createMachine({',
      "  id: 'sample',",
      "  description: 'The whole ' + `flow`,",
      "  context: { description: 'kept: the data of the machine' },",
      "  invoke: { src: 'save', input: { description: 'kept: what the actor is given' } },",
      '  states: {',
      "    idle: { description: 'Waiting.', on: { GO: { target: 'done', description: 'Go on, “now”.', actions: assign({ description: 'kept: assigned' }) } } },",
      '    done: { type: "final", description: `Done` },',
      '  },',
      '});',
      'export const options = { description };',
      // A view's field error, outside any machine configuration: data.
      "export const fieldErrors = { description: 'missing' };",
    ].join('\n');
    const out = strip(source);
    expect(out).toHaveLength(source.length);
    expect(out.split('\n').map((line) => line.length)).toEqual(source.split('\n').map((line) => line.length));
    expect(out).not.toMatch(/The whole|Waiting|Go on|`Done`/);
    expect(out).toContain("context: { description: 'kept: the data of the machine' }");
    expect(out).toContain("input: { description: 'kept: what the actor is given' }");
    // A description that is not written out (a factory's parameter) is code: it stays.
    expect(out).toContain('export const options = { description };');
    expect(out).toContain("assign({ description: 'kept: assigned' })");
    expect(out).toContain("export const fieldErrors = { description: 'missing' };");
    expect(() => parseAst(out)).not.toThrow();
  });

  it('takes every description out of a real machine, whose module still parses', () => {
    const file = path.resolve(import.meta.dirname, '../machines/transfer/transfer.machine.ts');
    const { code } = transformSync(file, readFileSync(file, 'utf8'));
    const out = strip(code, file);
    expect(transferMachine.root.description).toBeTruthy();
    expect(code).toContain(JSON.stringify(transferMachine.root.description).slice(1, -1));
    expect(out).not.toContain(transferMachine.root.description);
    expect(out).not.toMatch(/\bdescription\s*:/);
    expect(() => parseAst(out)).not.toThrow();
  });

  it("leaves a view's field errors as they are (the pay-link form's missing reason)", () => {
    const file = path.resolve(import.meta.dirname, '../machines/payLink/payLink.view.ts');
    const { code } = transformSync(file, readFileSync(file, 'utf8'));
    expect(code).toContain('description: "missing"');
    expect(strip(code, file)).toBe(code);
  });

  it('leaves files outside machines/ alone', () => {
    const { transform } = machineDescriptionsOut();
    const filter = (transform as { filter: { id: RegExp } }).filter.id;
    expect(filter.test('/repo/machines/transfer/transfer.machine.ts')).toBe(true);
    expect(filter.test('/repo/src/screens/pay/PayScreen.tsx')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { textSchema } from '../contract/common';
import { NAME_MAX_LENGTH, PASSKEY_NAME_MAX_LENGTH, personNameProblem, requiredTextProblem } from '../contract/fields';
import { passkeyNameSchema } from '../contract/passkeys';
import { updateNameBodySchema } from '../contract/users';

// The screens check names with requiredTextProblem (no zod in their chunk); the server with the schemas.
// Both must accept and refuse the same values, or a customer sees a refusal only after sending.
const samples = (max: number) => [
  '',
  '   ',
  'Ada',
  '  Ada  ',
  'Zoë Ødegård',
  'محمد',
  '李小龙',
  'a'.repeat(max),
  ` ${'a'.repeat(max)} `,
  'a'.repeat(max + 1),
  `${'a'.repeat(max - 1)}😀`, // max code points, max + 1 UTF-16 units: zod counts code points
  '😀'.repeat(max + 1),
  'Ada\uD800',
  'Ada\u0000',
  'Ada\nLovelace',
  'Ada\u202ELovelace',
  'Ada\u200B',
  'Ada\u2028',
  '\u3164',
  'Ada\u00A0Lovelace',
];

/** What a person's name may look like, and what it may not (issue 24, item 19). */
const ACCEPTED_NAMES = ['O’Brien-Smith', "D'Angelo", 'Mary Ann', 'Nguyễn Thị', 'สมชาย', 'ليلى', 'Ada  Lovelace'];
const REFUSED_NAMES = ['😀😀 🚀', 'Ada <b>', 'Ada2', 'Ada.', '-Ada', "Ada'"];
const NAMES = [...ACCEPTED_NAMES, ...REFUSED_NAMES];

describe('requiredTextProblem and personNameProblem, the schemas’ rules without zod', () => {
  it.each([
    ['a first name', updateNameBodySchema.shape.firstName, NAME_MAX_LENGTH, personNameProblem],
    ['a last name', updateNameBodySchema.shape.lastName, NAME_MAX_LENGTH, personNameProblem],
    ['a passkey name', passkeyNameSchema, PASSKEY_NAME_MAX_LENGTH, (value: string) => requiredTextProblem(value, PASSKEY_NAME_MAX_LENGTH)],
    ['any required text', textSchema(10).min(1), 10, (value: string) => requiredTextProblem(value, 10)],
  ])('agrees with the schema of %s', (_, schema, max, problemOf) => {
    for (const value of [...samples(max), ...NAMES]) {
      expect(problemOf(value) === null, JSON.stringify(value)).toBe(schema.safeParse(value).success);
    }
  });

  it('takes names of any script with spaces, apostrophes and hyphens; refuses emoji, markup, digits and punctuation', () => {
    expect(NAMES.filter((name) => personNameProblem(name) === null)).toEqual(ACCEPTED_NAMES);
  });

  it('says why, as the name fields show it', () => {
    expect(requiredTextProblem('  ', 5)).toBe('required');
    expect(requiredTextProblem('abcdef', 5)).toBe('tooLong');
    expect(requiredTextProblem(' abcde ', 5)).toBeNull();
    expect(requiredTextProblem('ab\u202Ec', 5)).toBe('invalid');
  });
});

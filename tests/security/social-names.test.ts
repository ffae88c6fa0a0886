import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '../../contract/fields';
import { updateNameBodySchema } from '../../contract/users';
import { providedName } from '../../server/services/social';

/**
 * Issue 21, item 14: a name typed by the customer is refused with control or invisible characters (a
 * right-to-left override makes a name read backwards in every notice), but the name Google or Apple
 * sent skipped that filter and was stored as it came. Now a provider's name is held to the same rule;
 * one that breaks it is dropped, and the customer is asked for their name as when none came.
 */
const HOSTILE = [
  'Ana\u202Eacirt', // right-to-left override
  'Ana\u200B', // zero-width space
  '\u2066Ana\u2069', // directional isolates
  'Ana\u0000', // NUL
  'Ana\nBcc: x@evil.test', // a line break in an e-mail's greeting
  'Ana\u2028García', // line separator
  '\u3164', // Hangul filler: looks blank
  'A'.repeat(NAME_MAX_LENGTH + 1),
  '   ',
  '😀😀 🚀', // issue 24, item 19: letters, spaces, apostrophes and hyphens only
  '<img src=x onerror=alert(1)>',
];

describe('names from Google and Apple (issue 21, item 14)', () => {
  it.each(HOSTILE)('drops %j from Google’s claims, as a typed name would be refused', (name) => {
    expect(updateNameBodySchema.safeParse({ firstName: name, lastName: 'García' }).success).toBe(false);
    expect(providedName({ given_name: name, family_name: 'García' }, undefined)).toEqual({ firstName: null, lastName: 'García' });
  });

  it.each(HOSTILE)('drops %j from the name Apple posts once', (name) => {
    const user = JSON.stringify({ name: { firstName: 'Ana', lastName: name } });
    expect(providedName({}, user)).toEqual({ firstName: 'Ana', lastName: null });
  });

  it('keeps a name a customer could have typed, trimmed, in any script', () => {
    expect(providedName({ given_name: ' Ana ', family_name: 'García' }, undefined)).toEqual({ firstName: 'Ana', lastName: 'García' });
    expect(providedName({ given_name: 'ليلى', family_name: 'สมชาย 王' }, undefined)).toEqual({ firstName: 'ليلى', lastName: 'สมชาย 王' });
  });
});

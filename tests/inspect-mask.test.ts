import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets } from '../src/app/mask';

describe('maskSecrets (before anything reaches the Stately inspector)', () => {
  it('masks tokens, codes, challenges, passwords and secrets at any depth, whatever the case', () => {
    const masked = maskSecrets({
      type: 'CODE_SUBMITTED',
      code: '123456',
      auth_token: 'abc',
      refreshToken: 'def',
      user: { email: 'a@b.c', password: 'hunter2', passkeyChallenge: 'xyz', apiSecret: 's' },
      list: [{ emailCode: '999999' }],
      hasAuthToken: true,
      locale: 'de',
    });
    expect(masked).toEqual({
      type: 'CODE_SUBMITTED',
      code: MASK,
      auth_token: MASK,
      refreshToken: MASK,
      user: { email: 'a@b.c', password: MASK, passkeyChallenge: MASK, apiSecret: MASK },
      list: [{ emailCode: MASK }],
      hasAuthToken: true,
      locale: 'de',
    });
  });

  it('masks JWT-shaped strings wherever they are, and survives cycles', () => {
    const cyclic: Record<string, unknown> = { value: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig' };
    cyclic.self = cyclic;
    expect(maskSecrets(cyclic)).toEqual({ value: MASK, self: '[circular]' });
  });

  it('leaves the original untouched', () => {
    const event = { type: 'X', token: 't' };
    maskSecrets(event);
    expect(event.token).toBe('t');
  });
});

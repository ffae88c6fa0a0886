// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { adoptChallengeFromFragment, readPendingChallenge } from '../src/app/twoFactorChallenge';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const fragment = (fields: Record<string, string>) => `#${new URLSearchParams(fields)}`;
const complete = {
  challengeToken: 'tok_123',
  phoneHint: '+49 •••••••••89',
  expiresAt: '2026-11-22T12:10:00.000Z',
  resendAvailableAt: '2026-11-22T12:01:00.000Z',
};

describe('a two-factor challenge brought back by Google or Apple sign-in', () => {
  beforeEach(() => sessionStorage.clear());

  it('is kept like the one /login keeps, going home afterwards', () => {
    expect(adoptChallengeFromFragment(fragment(complete), '/de')).toBe(true);
    expect(readPendingChallenge(NOW)).toEqual({
      challengeToken: 'tok_123',
      phoneHint: '+49 •••••••••89',
      destination: '/de',
      expiresInMs: 10 * 60_000,
      resendInSeconds: 60,
    });
  });

  it('is ignored when a field is missing or a time is not a time, leaving the kept one alone', () => {
    adoptChallengeFromFragment(fragment(complete), '/');
    const { phoneHint: _missing, ...partial } = complete;
    expect(adoptChallengeFromFragment(fragment(partial), '/')).toBe(false);
    expect(adoptChallengeFromFragment(fragment({ ...complete, challengeToken: 'other', expiresAt: 'soon' }), '/')).toBe(false);
    expect(adoptChallengeFromFragment('', '/')).toBe(false);
    expect(readPendingChallenge(NOW)?.challengeToken).toBe('tok_123');
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { adoptChallengeFromFragment, readPendingChallenge } from '../src/app/twoFactorChallenge';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const fragment = (fields: Record<string, string>) => `#${new URLSearchParams(fields)}`;
const complete = {
  challengeToken: 'tok_123',
  phoneHint: '+49 •••••••••89',
  expiresAt: '2026-11-22T12:10:00.000Z',
  resendAfterSeconds: '60',
};

describe('a two-factor challenge brought back by Google or Apple sign-in', () => {
  beforeEach(() => sessionStorage.clear());

  it('is kept like the one /login keeps, going home afterwards', () => {
    expect(adoptChallengeFromFragment(fragment(complete), '/de', NOW)).toBe(true);
    expect(readPendingChallenge(NOW + 15_000)).toEqual({
      challengeToken: 'tok_123',
      phoneHint: '+49 •••••••••89',
      destination: '/de',
      expiresInMs: 10 * 60_000 - 15_000,
      resendInSeconds: 45,
    });
  });

  it('is ignored when a field is missing or a time is not a time, leaving the kept one alone', () => {
    adoptChallengeFromFragment(fragment(complete), '/');
    const { phoneHint: _missing, ...partial } = complete;
    expect(adoptChallengeFromFragment(fragment(partial), '/')).toBe(false);
    expect(adoptChallengeFromFragment(fragment({ ...complete, challengeToken: 'other', expiresAt: 'soon' }), '/')).toBe(false);
    expect(adoptChallengeFromFragment(fragment({ ...complete, challengeToken: 'other', resendAfterSeconds: 'soon' }), '/')).toBe(false);
    expect(adoptChallengeFromFragment('', '/')).toBe(false);
    expect(readPendingChallenge(NOW)?.challengeToken).toBe('tok_123');
  });

  it('counts the resend wait in whole seconds from when the server answered, within [0, 60] on a skewed clock', () => {
    adoptChallengeFromFragment(fragment(complete), '/', NOW);
    expect(readPendingChallenge(NOW + 20_200)?.resendInSeconds).toBe(40);
    expect(readPendingChallenge(NOW + 90_000)?.resendInSeconds).toBe(0);
    expect(readPendingChallenge(NOW - 3_600_000)?.resendInSeconds).toBe(60);
  });
});

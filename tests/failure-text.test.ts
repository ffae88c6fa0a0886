import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import ar from '../locales/ar.json';
import { failureText } from '../src/ui/failureText';
import { messagesIn } from './translate';

describe('failureText: the scope’s words, else the general ones, else "try again"', async () => {
  const { t } = await messagesIn('en');

  it('says a code in the scope’s own words first, even one with general words too', () => {
    expect(failureText(t, 'transfer.errors', { code: 'rate_stale' })).toBe(en.transfer.errors.rate_stale);
    expect(failureText(t, 'transfer.errors', { code: 'network_error' })).toBe(en.transfer.errors.network_error);
    expect(en.transfer.errors.network_error).not.toBe(en.errors.network_error);
  });

  it('falls back to the general words of a code the scope has none for', () => {
    expect(failureText(t, 'transfer.errors', { code: 'email_unverified' })).toBe(en.errors.email_unverified);
    expect(failureText(t, 'cards.errors', { code: 'network_error' })).toBe(en.errors.network_error);
  });

  it('counts the seconds of a rate limit from Retry-After, a minute when the server gave none', () => {
    expect(failureText(t, 'cards.errors', { code: 'rate_limited', retryAfterSeconds: 1 })).toBe(
      'Too many attempts. Try again in 1 second.',
    );
    expect(failureText(t, 'cards.errors', { code: 'rate_limited' })).toBe('Too many attempts. Try again in 60 seconds.');
  });

  it('says an unknown code with the scope’s "try again", else the general one', () => {
    expect(failureText(t, 'transfer.errors', { code: 'internal_error' })).toBe(en.transfer.errors.unknown);
    expect(failureText(t, 'cards.errors', { code: 'internal_error' })).toBe(en.errors.unknown);
    expect(failureText(t, 'errors', { code: 'http_502' })).toBe(en.errors.unknown);
  });

  it('takes the step’s own "try again" when given, and fills placeholders', () => {
    const failure = { code: 'internal_error' };
    const stepOwn = failureText(t, 'biometric.errors', failure, { unknown: 'biometric.errors.biometric_disable_confirm_failed' });
    expect(stepOwn).toBe(en.biometric.errors.biometric_disable_confirm_failed);
    expect(failureText(t, 'social.errors', failure, { provider: 'Apple' })).toBe(en.social.errors.unknown.replace('{{provider}}', 'Apple'));
  });

  it('speaks the page’s language, digits included', async () => {
    const arabic = await messagesIn('ar');
    expect(failureText(arabic.t, 'cards.errors', { code: 'card_not_found' })).toBe(ar.cards.errors.card_not_found);
    expect(failureText(arabic.t, 'cards.errors', { code: 'rate_limited', retryAfterSeconds: 3 })).toContain('٣');
  });
});

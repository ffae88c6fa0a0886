import { describe, expect, it } from 'vitest';
import { knownAppPath } from '../src/routes/target';

describe('knownAppPath: where the security page may send the customer back to', () => {
  it.each([
    ['/accounts/crypto/withdraw/ETH', 'cryptoWithdraw'],
    ['/ar/accounts/crypto/withdraw/ETH?amount=1', 'cryptoWithdraw'],
    ['/de/transfer', 'transfer'],
  ])('follows %s, a page of the app', (raw, routeId) => {
    expect(knownAppPath(raw)).toEqual({ path: raw, routeId });
  });

  it.each([
    null,
    '',
    'accounts',
    '//evil.example/accounts',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/accounts',
    'javascript:alert(1)',
    '/accounts\u0000',
    '/accounts\n',
    '/no/such/page',
    '/accounts/crypto/withdraw/NOT-AN-ASSET',
    '/%2F%2Fevil.example',
  ])('refuses %j', (raw) => {
    expect(knownAppPath(raw)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { PRODUCTION_ENV } from '../server/helpers';

/** Issue 21: what production used to fall back on silently, it now refuses (or, when allowed, says loudly). */
describe('production refuses to start on stand-ins', () => {
  it('without RATES_FEED_URL: simulated prices would drive exchanges, limits and liquidations (item 4)', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, RATES_FEED_URL: '', RATES_FEED_MAPPING: '' })).toThrow(/RATES_FEED_URL .*must be set/);
    expect(loadConfig(PRODUCTION_ENV).rateFeed).toMatchObject({ url: PRODUCTION_ENV.RATES_FEED_URL, mapping: { BTC: 'bitcoin' } });
    // Outside production the simulation still runs the demo.
    expect(loadConfig({ AUTH_SECRET: 's'.repeat(32) }).rateFeed).toBeUndefined();
  });

  it('on the embedded database unless ALLOW_EMBEDDED_DATABASE=1, which the start then prints as a warning (item 1)', () => {
    const embedded = { ...PRODUCTION_ENV, DATABASE_URL: '', DATABASE_MIGRATION_URL: '' };
    expect(() => loadConfig(embedded)).toThrow(/DATABASE_URL .*must be set.*ALLOW_EMBEDDED_DATABASE=1/);
    expect(() => loadConfig({ ...embedded, ALLOW_EMBEDDED_DATABASE: '0' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ...embedded, ALLOW_EMBEDDED_DATABASE: 'maybe' })).toThrow(
      /ALLOW_EMBEDDED_DATABASE must be 1, true, 0 or false/,
    );
    const allowed = loadConfig({ ...embedded, ALLOW_EMBEDDED_DATABASE: '1' });
    expect(allowed.databaseUrl).toBeUndefined();
    expect(allowed.startWarnings).toEqual([expect.stringMatching(/^ALLOW_EMBEDDED_DATABASE=1: production runs on the embedded database/)]);
    expect(loadConfig(PRODUCTION_ENV).startWarnings).toEqual([]);
  });

  it('with Web Push on (the default) and no VAPID keys, unless PUSH_MODE=off says push is off (item 5)', () => {
    for (const PUSH_MODE of ['', 'webpush']) {
      expect(() => loadConfig({ ...PRODUCTION_ENV, PUSH_MODE })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY .*or PUSH_MODE=off/);
    }
    expect(loadConfig(PRODUCTION_ENV).push).toEqual({ mode: 'off' });
    const keys = { VAPID_PUBLIC_KEY: 'BPublicKey', VAPID_PRIVATE_KEY: 'privateKey' };
    expect(loadConfig({ ...PRODUCTION_ENV, PUSH_MODE: '', ...keys }).push).toEqual({
      mode: 'webpush',
      vapid: { publicKey: 'BPublicKey', privateKey: 'privateKey', subject: 'https://app.example' },
    });
  });
});

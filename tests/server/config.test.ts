import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { avalanche, base, bsc, mainnet } from 'viem/chains';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WALLET_RPC_URLS, DEFAULT_WALLET_SDK_RELAY, loadConfig } from '../../server/config';
import { OWASP_ARGON2ID } from '../../server/services/passwords';
import { PRODUCTION_ENV } from './helpers';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'meridian-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('refuses comprehensively sanctioned countries by default, takes a list of its own, and stops on an unknown code', () => {
    const dataDir = tempDir();
    expect([...loadConfig({ DATA_DIR: dataDir }).sanctionedCountries].sort()).toEqual(['CU', 'IR', 'KP', 'SY']);
    expect([...loadConfig({ DATA_DIR: dataDir, SANCTIONED_COUNTRIES: 'kp, by' }).sanctionedCountries].sort()).toEqual(['BY', 'KP']);
    expect(() => loadConfig({ DATA_DIR: dataDir, SANCTIONED_COUNTRIES: 'KP,XX' })).toThrow(/SANCTIONED_COUNTRIES.*XX/);
  });

  it('generates a development secret once, readable by the owner only, and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'auth-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toEqual(first.authSecret);
    expect(new TextDecoder().decode(first.authSecret)).toBe(readFileSync(file, 'utf8'));
  });

  it('refuses to start in production without AUTH_SECRET, and never writes one there', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(/AUTH_SECRET must be set/);
    expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(false);
  });

  it('seals card numbers under CARD_KEY: required in production, 32 bytes in hex, else derived from AUTH_SECRET', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, CARD_KEY: '' })).toThrow(/CARD_KEY must be set/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, CARD_KEY: 'ab'.repeat(31) })).toThrow(/64 hexadecimal digits/);
    expect(Buffer.from(loadConfig({ ...PRODUCTION_ENV, CARD_KEY: 'ab'.repeat(32) }).cardKey).toString('hex')).toBe('ab'.repeat(32));
    const derived = loadConfig({ AUTH_SECRET: 's'.repeat(32) }).cardKey;
    expect(derived).toHaveLength(32);
    expect(Buffer.from(derived).toString('hex')).not.toContain(Buffer.from('s'.repeat(32)).toString('hex'));
  });

  it('encrypts identity documents under KYC_KEY: required in production, else derived from AUTH_SECRET apart from the card key', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, KYC_KEY: '' })).toThrow(/KYC_KEY must be set/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, KYC_KEY: 'zz'.repeat(32) })).toThrow(/KYC_KEY must be 64 hexadecimal digits/);
    expect(Buffer.from(loadConfig({ ...PRODUCTION_ENV, KYC_KEY: 'cd'.repeat(32) }).kycKey).toString('hex')).toBe('cd'.repeat(32));
    const development = loadConfig({ AUTH_SECRET: 's'.repeat(32) });
    expect(development.kycKey).toHaveLength(32);
    expect(Buffer.from(development.kycKey).equals(Buffer.from(development.cardKey))).toBe(false);
  });

  it("sizes each instance's PostgreSQL pool by DB_POOL_SIZE, 10 when unset (issue 23 item 2)", () => {
    expect(loadConfig(PRODUCTION_ENV).dbPoolSize).toBe(10);
    expect(loadConfig({ ...PRODUCTION_ENV, DB_POOL_SIZE: '25' }).dbPoolSize).toBe(25);
    expect(() => loadConfig({ ...PRODUCTION_ENV, DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE must be a whole number of at least 1/);
  });

  it('seeds a PostgreSQL database with the demo accounts only in demo mode with SEED_DEMO=1', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).seedDemoOnPostgres).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '1' }).seedDemoOnPostgres).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '1', DEMO_MODE: '0' }).seedDemoOnPostgres).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, DATA_DIR: dataDir, SEED_DEMO: '1' }).seedDemoOnPostgres).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO must be 1, true, 0 or false/);
  });

  it('refuses a short AUTH_SECRET', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'too short' })).toThrow(/at least 32 bytes/);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      ...PRODUCTION_ENV,
      PORT: '8080',
      DATABASE_URL: 'postgres://db/meridian',
      DATABASE_MIGRATION_URL: 'postgres://owner@db/meridian',
      COOKIE_SECURE: '1',
      TRUST_PROXY: 'true',
      WALLET_RPC_URLS: ' https://a.example/rpc , https://b.example ',
      SMTP_URL: 'smtp://mail.example',
      SMS_GATEWAY_URL: 'https://sms.example/send',
      PUBLIC_ORIGIN: 'https://app.example',
    });
    expect(config).toMatchObject({
      production: true,
      port: 8080,
      databaseUrl: 'postgres://db/meridian',
      databaseMigrationUrl: 'postgres://owner@db/meridian',
      cookieSecure: true,
      trustProxy: true,
      walletRpcUrls: ['https://a.example/rpc', 'https://b.example'],
      smtpUrl: 'smtp://mail.example',
      smsGatewayUrl: 'https://sms.example/send',
      passwordCost: OWASP_ARGON2ID,
    });
    expect(() => loadConfig({ AUTH_SECRET: 's'.repeat(32), PORT: 'http' })).toThrow(/PORT/);
    // The owner's URL alone would leave the application nothing to connect as but the owner.
    expect(() => loadConfig({ AUTH_SECRET: 's'.repeat(32), DATABASE_MIGRATION_URL: 'postgres://owner@db/meridian' })).toThrow(
      /DATABASE_URL must name the role/,
    );
  });

  it("allows the wallet's default RPC endpoints, which are viem's", () => {
    expect(DEFAULT_WALLET_RPC_URLS).toEqual([mainnet, base, bsc, avalanche].flatMap((chain) => chain.rpcUrls.default.http));
    expect(loadConfig({ AUTH_SECRET: 's'.repeat(32) }).walletRpcUrls).toEqual(DEFAULT_WALLET_RPC_URLS);
  });

  it('pairs phones through MetaMask’s relay unless WALLET_SDK_RELAY is off', () => {
    const secret = { AUTH_SECRET: 's'.repeat(32) };
    expect(loadConfig(secret).walletSdkRelay).toBe(DEFAULT_WALLET_SDK_RELAY);
    expect(loadConfig({ ...secret, WALLET_SDK_RELAY: 'wss://relay.example/socket' }).walletSdkRelay).toBe('wss://relay.example');
    expect(loadConfig({ ...secret, WALLET_SDK_RELAY: 'off' }).walletSdkRelay).toBeNull();
    expect(() => loadConfig({ ...secret, WALLET_SDK_RELAY: 'https://relay.example' })).toThrow(/WALLET_SDK_RELAY/);
  });
});

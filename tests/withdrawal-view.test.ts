import { describe, expect, it } from 'vitest';
import { withdrawalMachine, withdrawalNetworks } from '../machines/withdrawal/withdrawal.machine';
import { usableFrom, withdrawalView } from '../machines/withdrawal/withdrawal.view';

// A plain function of a snapshot: /accounts/crypto/withdraw/{iso} shows exactly what it returns.

const saved = {
  id: '5a1c2e3f-4b5d-4e6f-8a7b-9c0d1e2f3a4b',
  network: 'ethereum',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  label: 'Cold wallet',
  createdAt: '2026-03-01T09:00:00.000Z',
  usableAt: '2026-03-01T09:00:00.000Z',
} as const;
const context = {
  asset: 'ETH' as const,
  networks: withdrawalNetworks('ETH'),
  network: 'ethereum' as const,
  addresses: [saved, { ...saved, id: '6b2d3f4a-5c6e-4f7a-9b8c-0d1e2f3a4b5c', network: 'base' as const }],
  coolingOffSeconds: 0,
  bitcoinNetwork: 'testnet' as const,
  addressId: saved.id,
  balance: '1.2',
  amount: '0.1',
  draft: { address: '', label: '' },
  quote: null,
  withdrawal: null,
  failure: null,
};
const at = (value: unknown, extra: object = {}) =>
  withdrawalView(withdrawalMachine.resolveState({ value: value as never, context: { ...context, ...extra } }));

describe('the withdrawal view', () => {
  it('withdraws a coin over the networks it is native to, a token over every chain carrying it', () => {
    expect(withdrawalNetworks('ETH')).toEqual(['ethereum', 'base']);
    expect(withdrawalNetworks('AVAX')).toEqual(['avalanche']);
    expect(withdrawalNetworks('USDT')).toEqual(['ethereum', 'base', 'bsc', 'avalanche']);
    expect(withdrawalNetworks('BTC')).toEqual(['bitcoin']);
  });

  it('names the step without naming states, lists the addresses of the chosen network, and is busy while waiting', () => {
    expect(at('loading').step).toBe('loading');
    expect(at('editing')).toMatchObject({ step: 'form', busy: false, addresses: [saved], amount: '0.1' });
    expect(at('failed', { failure: { code: 'network_error' } }).step).toBe('failed');
    expect(at('addingAddress')).toMatchObject({ step: 'newDestination', busy: false });
    expect(at('checkingAddress')).toMatchObject({ step: 'newDestination', busy: true });
    expect(at('steppingUpForAddress')).toMatchObject({ step: 'newDestination', busy: true });
    expect(at('savingAddress')).toMatchObject({ step: 'newDestination', busy: true });
    expect(at('quoting')).toMatchObject({ step: 'form', busy: true });
    expect(at('reviewing')).toMatchObject({ step: 'review', busy: false });
    expect(at('steppingUp')).toMatchObject({ step: 'review', busy: true });
    expect(at('withdrawing')).toMatchObject({ step: 'review', busy: true });
    expect(at({ following: 'waiting' }).step).toBe('following');
    expect(at('settled').step).toBe('settled');
  });

  it('tells when the chosen address can be used only while its cooling-off period lasts (never when there is none)', () => {
    const view = at('editing', { addresses: [{ ...saved, usableAt: '2026-03-02T09:00:00.000Z' }] });
    expect(usableFrom(view, new Date('2026-03-01T10:00:00.000Z'))).toEqual(new Date('2026-03-02T09:00:00.000Z'));
    expect(usableFrom(view, new Date('2026-03-02T09:00:00.000Z'))).toBeNull();
    // Demo mode: usable the moment it was saved.
    expect(usableFrom(at('editing'), new Date('2026-03-01T09:00:00.000Z'))).toBeNull();
    expect(usableFrom(at('editing', { addressId: null }), new Date('2026-03-01T08:00:00.000Z'))).toBeNull();
    expect(at('editing', { coolingOffSeconds: 86_400 })).toMatchObject({ coolingOffSeconds: 86_400, bitcoinNetwork: 'testnet' });
  });
});

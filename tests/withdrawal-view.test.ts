import { describe, expect, it } from 'vitest';
import { withdrawalMachine, withdrawalNetworks } from '../machines/withdrawal/withdrawal.machine';
import { connectWithdrawal, usableFrom } from '../machines/withdrawal/withdrawal.view';

// A plain function of a snapshot and a send: /accounts/crypto/withdraw/{iso} shows exactly what it returns, and its intents send the machine's events.

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
  entryId: null,
  labelError: null,
  quote: null,
  withdrawal: null,
  failure: null,
};
let sent: unknown[] = [];
const at = (value: unknown, extra: object = {}) => {
  sent = [];
  return connectWithdrawal(withdrawalMachine.resolveState({ value: value as never, context: { ...context, ...extra } }), (event) =>
    sent.push(event),
  );
};

describe('the withdrawal view', () => {
  it('withdraws a coin over the networks it is native to, a token over every chain carrying it', () => {
    expect(withdrawalNetworks('ETH')).toEqual(['ethereum', 'base']);
    expect(withdrawalNetworks('AVAX')).toEqual(['avalanche']);
    expect(withdrawalNetworks('USDT')).toEqual(['ethereum', 'base', 'bsc', 'avalanche']);
    expect(withdrawalNetworks('BTC')).toEqual(['bitcoin']);
  });

  it('says which part shows without naming states, lists the addresses of the chosen network, and is busy while waiting', () => {
    expect(at('loading')).toMatchObject({ loading: true, onForm: false });
    expect(at('editing')).toMatchObject({ onForm: true, busy: false, addresses: [saved], amount: '0.1' });
    expect(at('failed', { failure: { code: 'network_error' } })).toMatchObject({ loadFailed: true, onForm: false });
    expect(at('addingAddress')).toMatchObject({ addingDestination: true, onForm: false, busy: false });
    expect(at('checkingAddress')).toMatchObject({ addingDestination: true, busy: true });
    expect(at('steppingUpForAddress')).toMatchObject({ addingDestination: true, busy: true });
    expect(at('savingAddress')).toMatchObject({ addingDestination: true, busy: true });
    expect(at('quoting')).toMatchObject({ onForm: true, busy: true });
    expect(at('reviewing')).toMatchObject({ reviewing: true, onForm: false, busy: false });
    expect(at('steppingUp')).toMatchObject({ reviewing: true, busy: true });
    expect(at('withdrawing')).toMatchObject({ reviewing: true, busy: true });
    expect(at({ following: 'waiting' })).toMatchObject({ underWay: true, settled: false, onForm: false });
    expect(at('settled')).toMatchObject({ underWay: true, settled: true });
  });

  it('renames or removes a saved address in the book, the form still showing; the question only while it is asked', () => {
    const editing = at('editing');
    expect(editing).toMatchObject({ renaming: null, removing: null, labelError: null });
    editing.rename(saved.id);
    editing.remove(saved.id);
    expect(sent).toEqual([
      { type: 'RENAME_STARTED', entryId: saved.id },
      { type: 'REMOVE_REQUESTED', entryId: saved.id },
    ]);
    const renaming = at('renaming', { entryId: saved.id, labelError: 'missing' });
    expect(renaming).toMatchObject({ onForm: true, renaming: saved, removing: null, labelError: 'missing' });
    renaming.saveName(' Hardware ');
    renaming.keepName();
    expect(sent).toEqual([{ type: 'RENAME_SUBMITTED', label: ' Hardware ' }, { type: 'RENAME_CANCELLED' }]);
    expect(at('savingLabel', { entryId: saved.id })).toMatchObject({ renaming: saved, busy: true });
    const asking = at('confirmingRemoval', { entryId: saved.id });
    expect(asking).toMatchObject({ onForm: true, removing: saved, renaming: null });
    asking.confirmRemoval!();
    asking.keep();
    expect(sent).toEqual([{ type: 'REMOVE_CONFIRMED' }, { type: 'REMOVE_CANCELLED' }]);
    // While it is being removed the question waits: confirming again sends nothing twice.
    expect(at('removing', { entryId: saved.id })).toMatchObject({ removing: saved, busy: true, confirmRemoval: null });
  });

  it('sends the form’s intents as the machine’s events', () => {
    const view = at('editing');
    view.chooseNetwork('base');
    view.choose(saved.id);
    view.typeAmount('0.2');
    view.requestQuote();
    view.addAddress();
    view.balanceChanged('2');
    expect(sent).toEqual([
      { type: 'NETWORK_CHOSEN', network: 'base' },
      { type: 'ADDRESS_CHOSEN', addressId: saved.id },
      { type: 'AMOUNT_CHANGED', amount: '0.2' },
      { type: 'QUOTE_REQUESTED' },
      { type: 'ADD_ADDRESS_STARTED' },
      { type: 'BALANCE_CHANGED', balance: '2' },
    ]);
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

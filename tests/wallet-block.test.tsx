// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Locale } from '../contract';
import { walletMachine } from '../machines/wallet/wallet.machine';
import { SystemContext } from '../src/app/context';
import type { AppSystem } from '../src/app/system';
import { WalletBlock } from '../src/screens/shared/WalletBlock';
import { messagesIn } from './translate';

// Issue 24, items 32 and 33: what the wallet block shows while MetaMask's SDK pairs a phone's wallet,
// while a disconnect runs, and when the chosen wallet has no provider. MetaMask's SDK needs its relay:
// the pairing link stands in for the one its connector emits (tests/wallet.test.ts passes it on).

const PAIRING = 'metamask://connect/mwp?p=pairing&c=1';
const context = { chainIds: [31337], connection: null, requestedChainId: null, transactionHash: null, failure: null, connectUri: null };

/** The block's markup for the wallet in `value` (not started: the snapshot is only read). */
async function block(value: string, extra: object, locale: Locale) {
  const i18n = await messagesIn(locale);
  const wallet = createActor(walletMachine, { snapshot: walletMachine.resolveState({ value, context: { ...context, ...extra } }) });
  const system = { wallet: () => wallet, walletConnectors: async () => [] } as unknown as AppSystem;
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <SystemContext.Provider value={system}>
        <I18nextProvider i18n={i18n}>
          <WalletBlock chainId={31337} chainName="Ethereum">
            {() => null}
          </WalletBlock>
        </I18nextProvider>
      </SystemContext.Provider>
    </QueryClientProvider>,
  );
  return new DOMParser().parseFromString(html, 'text/html').body;
}

describe('the wallet block', () => {
  it('shows the pairing link of MetaMask’s SDK as a QR code and as a deep link into the app', async () => {
    const body = await block('connecting', { connectUri: PAIRING }, 'en');
    expect(body.querySelector('[role=status]')?.textContent).toBe('Waiting for your wallet…');
    expect(body.querySelector('.wallet-pairing-qr svg[role=img]')?.getAttribute('aria-label')).toBe('QR code to connect MetaMask');
    expect(body.querySelector('.wallet-pairing-qr')?.textContent).toBe('Scan this code with the MetaMask app on your phone.');
    const link = body.querySelector('a.wallet-pairing-link');
    expect([link?.textContent, link?.getAttribute('href')]).toEqual(['Open the MetaMask app', PAIRING]);

    const arabic = await block('connecting', { connectUri: PAIRING }, 'ar');
    expect(arabic.querySelector('a.wallet-pairing-link')?.textContent).toBe('افتح تطبيق MetaMask');
    expect(arabic.querySelector('a.wallet-pairing-link')?.getAttribute('href')).toBe(PAIRING);
  });

  it('shows no pairing link while an injected wallet asks', async () => {
    const body = await block('connecting', {}, 'en');
    expect(body.querySelector('.wallet-pairing-qr, .wallet-pairing-link')).toBeNull();
  });

  it('says it is disconnecting, offering nothing, until the disconnect has finished', async () => {
    const body = await block('disconnecting', {}, 'en');
    expect(body.querySelector('[role=status]')?.textContent).toBe('Disconnecting your wallet…');
    expect(body.querySelector('button')).toBeNull();
    expect((await block('disconnecting', {}, 'ar')).querySelector('[role=status]')?.textContent).toBe('جارٍ فصل محفظتك…');
  });

  it('says "Provider not found." in the visitor’s language when the chosen wallet has none', async () => {
    const failure = { code: 'provider_not_found' };
    expect((await block('disconnected', { failure }, 'en')).querySelector('[role=alert]')?.textContent).toBe('Provider not found.');
    expect((await block('disconnected', { failure }, 'de')).querySelector('[role=alert]')?.textContent).toBe('Keine Wallet gefunden.');
  });
});

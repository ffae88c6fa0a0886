// @vitest-environment happy-dom
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Activity } from '../contract';
import { useCounterparty } from '../src/ui/ActivityRow';
import de from '../locales/de.json';
import en from '../locales/en.json';

/** What an activity row names as the other party, rendered in `lng`. */
async function counterpartyShown(activity: Pick<Activity, 'type' | 'counterparty'>, lng: 'en' | 'de', resources: object) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng, resources: { [lng]: { translation: resources } } });
  function Counterparty() {
    return <>{useCounterparty(activity)}</>;
  }
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Counterparty />
    </I18nextProvider>,
  );
}

describe('the other party of an activity (issue 24 item 22)', () => {
  it('names a voucher’s issuer in the customer’s language, not the server’s English', async () => {
    const voucher = { type: 'voucher_redeemed', counterparty: 'Meridian voucher' } as const;
    expect(await counterpartyShown(voucher, 'de', de)).toBe(de.activities.counterparty.voucher);
    expect(de.activities.counterparty.voucher).not.toBe(en.activities.counterparty.voucher);
  });

  it('keeps a name in its own direction, and names nobody when nobody took part', async () => {
    expect(await counterpartyShown({ type: 'transfer_in', counterparty: 'Ana Ruiz' } as never, 'en', en)).toBe('<bdi>Ana Ruiz</bdi>');
    expect(await counterpartyShown({ type: 'transfer_in', counterparty: null } as never, 'en', en)).toBe('');
  });
});

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { securityApi } from '../../api/security';
import { useApi, useLocalize } from '../../app/context';
import { STORAGE_KEYS, safeStorage } from '../../platform/storage';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { unwrap } from '../../app/actors/unwrap';

/**
 * After a password sign-in (the login flow leaves a mark in session storage), offer a passkey to a
 * customer who has none. "Not now" is remembered on this device.
 */
export function PasskeyOffer() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const api = useApi(securityApi);
  const [visible, setVisible] = useState(
    () =>
      safeStorage('session')?.getItem(STORAGE_KEYS.passkeyOfferAfterLogin) === '1' &&
      safeStorage('local')?.getItem(STORAGE_KEYS.passkeyOfferDismissed) !== '1' &&
      // What @simplewebauthn/browser's browserSupportsWebAuthn() checks; the library stays out of the entry.
      typeof window.PublicKeyCredential === 'function',
  );
  const status = useQuery({
    queryKey: ['validation-status'],
    enabled: visible,
    queryFn: async ({ signal }) => {
      return unwrap(api.getValidationStatus({ signal, retry: false }));
    },
  });
  if (!visible || status.data?.biometric.enabled !== false) return null;

  const close = (remember: boolean) => {
    safeStorage('session')?.removeItem(STORAGE_KEYS.passkeyOfferAfterLogin);
    if (remember) safeStorage('local')?.setItem(STORAGE_KEYS.passkeyOfferDismissed, '1');
    setVisible(false);
  };
  return (
    <aside className="card passkey-offer" aria-labelledby="passkey-offer-title">
      <span className="bottom-sheet-icon">
        <Icon name="fingerprint" />
      </span>
      <div className="stack">
        <h2 id="passkey-offer-title">{t('passkeys.offer.title')}</h2>
        <p className="page-lead">{t('passkeys.offer.body')}</p>
        <div className="button-row">
          <Link className="button button--primary" to={localize('/profile/security')} onClick={() => close(false)}>
            {t('passkeys.offer.add')}
          </Link>
          <Button onClick={() => close(true)}>{t('passkeys.offer.dismiss')}</Button>
        </div>
      </div>
    </aside>
  );
}

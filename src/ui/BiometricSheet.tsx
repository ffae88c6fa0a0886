import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { Sheet } from './Sheet';

export interface CeremonyActivity {
  subscribe(listener: () => void): () => void;
  active(): boolean;
}

/**
 * The "Biometric Authentication" sheet: shown while a modal passkey ceremony runs, so the page says what
 * the browser's own prompt is for. Not dismissible — the ceremony ends it, and cancelling is done in the
 * browser's prompt.
 */
export function BiometricSheet({ activity }: { activity: CeremonyActivity }) {
  const { t } = useTranslation();
  const open = useSyncExternalStore(activity.subscribe, activity.active, () => false);
  return (
    <Sheet
      open={open}
      dismissible={false}
      icon={<Icon name="fingerprint" />}
      title={t('biometric.sheet.title')}
      description={t('biometric.sheet.body')}
    />
  );
}

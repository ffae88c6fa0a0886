import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

export interface CeremonyActivity {
  subscribe(listener: () => void): () => void;
  active(): boolean;
}

/**
 * The "Biometric Authentication" bottom sheet: shown while a modal passkey ceremony runs, so the page
 * says what the browser's own prompt is for. A modal <dialog> (focus stays inside, the page behind is
 * inert, screen readers announce it); no close button — the ceremony ends it, and Escape is ignored
 * because cancelling is done in the browser's prompt.
 */
export function BiometricSheet({ activity }: { activity: CeremonyActivity }) {
  const { t } = useTranslation();
  const open = useSyncExternalStore(activity.subscribe, activity.active, () => false);
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="bottom-sheet"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => event.preventDefault()}
    >
      <div className="bottom-sheet-content" tabIndex={-1} autoFocus>
        <span className="bottom-sheet-icon">
          <Icon name="fingerprint" />
        </span>
        <h2 id={`${id}-title`}>{t('biometric.sheet.title')}</h2>
        <p id={`${id}-body`}>{t('biometric.sheet.body')}</p>
      </div>
    </dialog>
  );
}

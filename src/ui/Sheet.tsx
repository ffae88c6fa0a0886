import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SheetProps {
  open: boolean;
  /** Asked to close (Escape or the close button); the caller decides by changing `open`. */
  onClose?: () => void;
  /** false when the flow forbids closing here (a running passkey ceremony): no close button, Escape ignored. */
  dismissible?: boolean;
  title: ReactNode;
  /** Read with the title when the sheet opens. */
  description?: ReactNode;
  /** Shown above the title (an icon in a circle). */
  icon?: ReactNode;
  children?: ReactNode;
}

/**
 * A bottom sheet: a native modal <dialog>, so the page behind is inert, Tab stays inside and screen
 * readers announce it. Focus goes back to what opened it when it closes.
 */
export function Sheet({ open, onClose, dismissible = true, title, description, icon, children }: SheetProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="bottom-sheet"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-body` : undefined}
      // The browser would close the dialog on Escape by itself; `open` stays the caller's.
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose?.();
      }}
    >
      <div className="bottom-sheet-content" tabIndex={-1} autoFocus>
        {dismissible ? (
          <button type="button" className="icon-button bottom-sheet-close" aria-label={t('ui.close')} onClick={() => onClose?.()}>
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
        {icon ? <span className="bottom-sheet-icon">{icon}</span> : null}
        <h2 id={`${id}-title`}>{title}</h2>
        {description ? <p id={`${id}-body`}>{description}</p> : null}
        {children}
      </div>
    </dialog>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { COPIED_NOTICE_MS } from './timing';

/**
 * A value the customer copies (an address, an IBAN, a code): shown left-to-right, with a copy button
 * named after `label`, and "Copied" said in a polite live region (or that copying did not work).
 */
export function Copyable({ text, label, children }: { text: string; label: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
    timer.current = setTimeout(() => setOutcome(null), COPIED_NOTICE_MS);
  };

  return (
    <span className="copyable">
      <bdi dir="ltr" className="copyable-text">
        {children ?? text}
      </bdi>
      <Button className="button--small" onClick={() => void copy()}>
        {t('ui.copy', { label })}
      </Button>
      <span className="copyable-status" role="status" aria-live="polite">
        {outcome === 'copied' ? t('ui.copied') : outcome === 'failed' ? t('ui.copyFailed') : null}
      </span>
    </span>
  );
}

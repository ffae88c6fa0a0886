import { Button } from './Button';

/** The device has a share sheet (`navigator.share`); desktop browsers often have none. */
export function deviceCanShare(): boolean {
  return typeof navigator.share === 'function';
}

/** The device's share sheet for a link, where there is one (elsewhere the page's copy button does). */
export function ShareButton({ title, text, url, label }: { title: string; text?: string; url: string; label: string }) {
  if (!deviceCanShare()) return null;
  return (
    <Button variant="primary" onClick={() => void navigator.share({ title, text, url }).catch(() => {})}>
      {label}
    </Button>
  );
}

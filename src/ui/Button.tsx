import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHydrated } from './useHydrated';

/**
 * `link` is a button that reads as a text link ("Change e-mail") for quiet secondary actions; `icon` is
 * a round 44 px button showing only an icon (previous/next, close), which therefore needs `aria-label`.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link' | 'icon';

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'button button--primary',
  secondary: 'button button--secondary',
  danger: 'button button--danger',
  link: 'link-button',
  icon: 'icon-button',
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Full width of its column. */
  block?: boolean;
  /** Work started by this button is under way: a spinner shows, and it is disabled so nothing runs twice. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/** The one button. `type` defaults to "button", so only an explicit submit button submits a form. */
export function Button({
  variant = 'secondary',
  block = false,
  busy = false,
  disabled,
  className,
  type = 'button',
  onClick,
  children,
  ...rest
}: ButtonProps) {
  // On a prerendered page a click before React has taken over would be lost: the button waits until then.
  const live = useHydrated();
  const classes = [VARIANT_CLASSES[variant], block ? 'button--block' : null, className].filter(Boolean).join(' ');
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // A second click that lands before React re-renders the disabled state is dropped here.
    if (busy) return event.preventDefault();
    onClick?.(event);
  };
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || busy || !live} aria-busy={busy || undefined} onClick={click}>
      {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

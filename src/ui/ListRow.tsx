import type { ReactElement, ReactNode } from 'react';
import { useHydrated } from './useHydrated';

export interface ListRowProps {
  label: ReactNode;
  /** A second, quieter line; several lines as an array (a session's method, last use, sign-in). */
  hint?: ReactNode | readonly ReactNode[];
  /** At the row's end: a chevron, a badge, a check mark. */
  end?: ReactNode;
  /** The row is one button. */
  onClick?: () => void;
  disabled?: boolean;
  /** A toggle row (the current language): announced as pressed. */
  pressed?: boolean;
  lang?: string;
  /**
   * The row is one link: draws the anchor around the content, so the app's router does the navigation
   * (the kit imports no router): `link={(content) => <Link to="/x">{content}</Link>}`.
   */
  link?: (content: ReactNode) => ReactElement;
  /** A row of facts with its own action at the end (a Button), instead of being one control. */
  action?: ReactNode;
  /** `data-testid` of the row, for browser tests that count rows. */
  testId?: string;
}

/** One row of a `ListRows` list: a button, a link, or facts with an action. */
export function ListRow({ label, hint, end, onClick, disabled, pressed, lang, link, action, testId }: ListRowProps) {
  // As the kit's Button: on a prerendered page a press before React has taken over would be lost.
  const live = useHydrated();
  const hints = Array.isArray(hint) ? hint : hint ? [hint] : [];
  const content = (
    <>
      <span className="label">
        {label}
        {hints.map((line, index) => (
          <span key={index} className="hint">
            {line}
          </span>
        ))}
      </span>
      {end}
    </>
  );
  if (link) return <li data-testid={testId}>{link(content)}</li>;
  if (onClick) {
    return (
      <li data-testid={testId}>
        <button type="button" lang={lang} disabled={disabled || !live} aria-pressed={pressed} onClick={onClick}>
          {content}
        </button>
      </li>
    );
  }
  return (
    <li className="row" lang={lang} data-testid={testId}>
      {content}
      {action}
    </li>
  );
}

/** The list around ListRows: one card, rows divided by lines. */
export function ListRows({
  label,
  busy,
  hidden,
  children,
}: {
  label?: string;
  busy?: boolean;
  /** A placeholder list (skeleton rows) that assistive technology skips. */
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <ul className="link-list" aria-label={label} aria-busy={busy || undefined} aria-hidden={hidden || undefined}>
      {children}
    </ul>
  );
}

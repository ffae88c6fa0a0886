import type { ReactElement, ReactNode } from 'react';

export interface ListRowProps {
  label: ReactNode;
  /** A second, quieter line. */
  hint?: ReactNode;
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
}

/** One row of a `ListRows` list: a button, a link, or facts with an action. */
export function ListRow({ label, hint, end, onClick, disabled, pressed, lang, link, action }: ListRowProps) {
  const content = (
    <>
      <span className="label">
        {label}
        {hint ? <span className="hint">{hint}</span> : null}
      </span>
      {end}
    </>
  );
  if (link) return <li>{link(content)}</li>;
  if (onClick) {
    return (
      <li>
        <button type="button" lang={lang} disabled={disabled} aria-pressed={pressed} onClick={onClick}>
          {content}
        </button>
      </li>
    );
  }
  return (
    <li className="row" lang={lang}>
      {content}
      {action}
    </li>
  );
}

/** The list around ListRows: one card, rows divided by lines. */
export function ListRows({ label, busy, children }: { label?: string; busy?: boolean; children: ReactNode }) {
  return (
    <ul className="link-list" aria-label={label} aria-busy={busy || undefined}>
      {children}
    </ul>
  );
}

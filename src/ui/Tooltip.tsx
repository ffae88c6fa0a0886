import { cloneElement, useEffect, useId, useRef, useState, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { TOOLTIP_HIDE_DELAY_MS, TOOLTIP_OFFSET_PX, TOOLTIP_SHOW_DELAY_MS } from './timing';

/**
 * A short description of one control, shown above it on hover and on keyboard focus after a rest,
 * kept while the pointer is on it, gone with Escape. The text also describes the control
 * (aria-describedby), so a screen reader hears it without the tooltip showing.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement<{ 'aria-describedby'?: string }> }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const later = (next: boolean, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), delay);
  };
  const show = () => later(true, TOOLTIP_SHOW_DELAY_MS);
  const hide = () => later(false, TOOLTIP_HIDE_DELAY_MS);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      clearTimeout(timer.current);
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const describedBy = [children.props['aria-describedby'], id].filter(Boolean).join(' ');
  return (
    <span
      className="tooltip-anchor"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      style={{ '--tooltip-offset': `${TOOLTIP_OFFSET_PX}px` } as CSSProperties}
    >
      {cloneElement(children, { 'aria-describedby': describedBy })}
      <span role="tooltip" id={id} className="tooltip" hidden={!open}>
        {content}
      </span>
    </span>
  );
}

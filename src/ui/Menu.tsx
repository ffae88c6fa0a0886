import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from './Button';
import { MENU_HIDE_DELAY_MS } from './timing';

export interface MenuItem {
  id: string;
  label: ReactNode;
  onSelect: () => void;
  /** A destructive choice, shown in the danger colour (its words say so too). */
  danger?: boolean;
}

/**
 * The menu button pattern: the button opens a list of actions; arrow keys, Home and End move between
 * them, Enter or a click chooses, Escape closes and returns to the button, Tab closes. It also closes
 * after the pointer has been away for a moment, or on a click elsewhere.
 */
export function Menu({ label, items, className }: { label: ReactNode; items: MenuItem[]; className?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const openAt = (index: number) => {
    setActive((index + items.length) % items.length);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    clearTimeout(hideTimer.current);
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // The active item takes focus whenever it changes while open.
  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : -1);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: items.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      setActive((moves[event.key]! + items.length) % items.length);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div
      ref={root}
      className={className ? `menu ${className}` : 'menu'}
      onPointerLeave={() => {
        if (open) hideTimer.current = setTimeout(() => close(false), MENU_HIDE_DELAY_MS);
      }}
      onPointerEnter={() => clearTimeout(hideTimer.current)}
    >
      <Button
        ref={button}
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {label}
      </Button>
      <div role="menu" id={`${id}-menu`} aria-labelledby={`${id}-button`} className="menu-list" hidden={!open} onKeyDown={onMenuKey}>
        {items.map((item, index) => (
          <button
            key={item.id}
            ref={(element) => {
              itemRefs.current[index] = element;
            }}
            type="button"
            role="menuitem"
            tabIndex={index === active ? 0 : -1}
            className={item.danger ? 'menu-item menu-item--danger' : 'menu-item'}
            onClick={() => {
              close(true);
              item.onSelect();
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
    </div>
  );
}

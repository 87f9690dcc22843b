import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './player-overlay.module.css';

export interface MenuOption {
  key: string;
  label: string;
  checked: boolean;
}

interface Props {
  /** The button's accessible name, also the menu's. */
  label: string;
  icon: ReactNode;
  options: MenuOption[];
  open: boolean;
  onOpenChange(open: boolean): void;
  onSelect(key: string): void;
}

/**
 * A menu button with a single-choice menu (WAI-ARIA menu button pattern, menuitemradio items):
 * opens on the checked item, arrows move, Home/End jump, Escape or Tab close, a choice closes and
 * gives focus back to the button. A pointer press outside closes it.
 */
export function OverlayMenu({ label, icon, options, open, onOpenChange, onSelect }: Props) {
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const closeOnOutsidePress = useEffectEvent((event: Event) => {
    if (event.target instanceof Node && !wrapper.current?.contains(event.target)) onOpenChange(false);
  });

  // On opening only: focus goes into the popup (re-renders while open must not move it).
  useEffect(() => {
    if (!open) return;
    const items = menuItems(menu.current);
    (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
    const outside = (event: Event) => closeOnOutsidePress(event);
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    onOpenChange(false);
    trigger.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menu.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') onOpenChange(false);
  };

  return (
    <div className={styles.menuWrapper} ref={wrapper}>
      <button
        ref={trigger}
        type="button"
        className={styles.button}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => onOpenChange(!open)}
      >
        {icon}
      </button>
      {open && (
        <div id={menuId} ref={menu} role="menu" aria-label={label} className={styles.menu} onKeyDown={onMenuKeyDown}>
          {options.map((option) => (
            <button
              key={option.key}
              type="button"
              role="menuitemradio"
              aria-checked={option.checked}
              tabIndex={-1}
              className={styles.menuItem}
              onClick={() => {
                onSelect(option.key);
                close();
              }}
            >
              {option.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitemradio"]')] : [];
}

import type { KeyboardEvent, ReactNode } from 'react';
import { OverlayPopover } from './overlay-popover';
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
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>, close: () => void) => {
    const items = menuItems(event.currentTarget);
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
    <OverlayPopover
      label={label}
      icon={icon}
      popup="menu"
      open={open}
      onOpenChange={onOpenChange}
      initialFocus={(menu) => {
        const items = menuItems(menu);
        return items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0];
      }}
      onKeyDown={onMenuKeyDown}
    >
      {(close) =>
        options.map((option) => (
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
        ))
      }
    </OverlayPopover>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitemradio"]')] : [];
}

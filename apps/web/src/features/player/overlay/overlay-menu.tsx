import type { ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useFocusBack } from './use-focus-back';
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
  /** The player container: the menu stays over the video in full screen. */
  portal: Element | undefined;
}

/**
 * A menu button with a single-choice menu (React Aria's MenuTrigger, Menu in single selection:
 * menuitemradio items): opens on the checked item, arrows move, Home/End jump, Escape or Tab
 * close, a choice closes and gives focus back to the button, a press outside closes it.
 */
export function OverlayMenu({ label, icon, options, open, onOpenChange, onSelect, portal }: Props) {
  const { trigger, popover } = useFocusBack(open);
  const checked = options.filter((option) => option.checked).map((option) => option.key);
  return (
    <MenuTrigger isOpen={open} onOpenChange={onOpenChange}>
      {/* ARIA 1.1's value for a menu button (React Aria's default is its synonym "true"). */}
      <Button ref={trigger} className={styles.button} aria-label={label} aria-haspopup="menu">
        {icon}
      </Button>
      <Popover
        ref={popover}
        className={styles.menu}
        placement="top end"
        offset={8}
        isNonModal
        UNSTABLE_portalContainer={portal}
      >
        <Menu
          aria-label={label}
          className={styles.menuList}
          selectionMode="single"
          selectedKeys={checked}
          disallowEmptySelection
          onAction={(key) => onSelect(String(key))}
        >
          {options.map((option) => (
            <MenuItem key={option.key} id={option.key} className={styles.menuItem}>
              {option.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

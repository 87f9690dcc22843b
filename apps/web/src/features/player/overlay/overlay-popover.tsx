import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './player-overlay.module.css';

interface Props {
  /** The button's accessible name, also the popup's. */
  label: string;
  icon: ReactNode;
  /** The popup's role: a single-choice menu, or a non-modal dialog. */
  popup: 'menu' | 'dialog';
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where focus goes when the popup opens. */
  initialFocus(panel: HTMLElement): HTMLElement | null | undefined;
  /** Keys inside the popup; `close` closes it and gives focus back to the button. */
  onKeyDown?(event: KeyboardEvent<HTMLDivElement>, close: () => void): void;
  children(close: () => void): ReactNode;
}

/**
 * A button and the popup it opens over the player (the overlay's menus and the subtitle style
 * dialog): focus moves into the popup on opening, a pointer press outside closes it, and closing
 * from inside gives focus back to the button.
 */
export function OverlayPopover({
  label,
  icon,
  popup,
  open,
  onOpenChange,
  initialFocus,
  onKeyDown,
  children,
}: Props) {
  const popupId = useId();
  const triggerId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const closeOnOutsidePress = useEffectEvent((event: Event) => {
    if (event.target instanceof Node && !wrapper.current?.contains(event.target)) onOpenChange(false);
  });
  const focusInside = useEffectEvent(() => {
    if (panel.current) initialFocus(panel.current)?.focus();
  });

  // On opening only: focus goes into the popup (re-renders while open must not move it).
  useEffect(() => {
    if (!open) return;
    focusInside();
    const outside = (event: Event) => closeOnOutsidePress(event);
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  // By id rather than a ref: `close` is handed to the popup's content while it renders.
  const close = () => {
    onOpenChange(false);
    document.getElementById(triggerId)?.focus();
  };

  return (
    <div className={styles.menuWrapper} ref={wrapper}>
      <button
        id={triggerId}
        type="button"
        className={styles.button}
        aria-label={label}
        aria-haspopup={popup}
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        onClick={() => onOpenChange(!open)}
      >
        {icon}
      </button>
      {open && (
        <div
          id={popupId}
          ref={panel}
          role={popup}
          aria-label={label}
          className={styles.menu}
          onKeyDown={(event) => onKeyDown?.(event, close)}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}

import { useLayoutEffect, useRef } from 'react';

/**
 * When a popup closes with focus inside it (a choice, Escape) or lost with it, focus goes back to
 * its button at once — React Aria's FocusScope would do it a frame later; a press on another
 * control keeps focus there. Answers the refs to give the button and the popover.
 */
export function useFocusBack(open: boolean) {
  const trigger = useRef<HTMLButtonElement | null>(null);
  const popover = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (!closed) return;
    const active = document.activeElement;
    if (active === null || active === document.body || popover.current?.contains(active)) {
      trigger.current?.focus();
    }
  }, [open]);
  return { trigger, popover };
}

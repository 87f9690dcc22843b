import { useEffect, useEffectEvent } from 'react';
import { shortcutFor, type Shortcut } from './shortcuts';

/**
 * The player's keyboard shortcuts, listened to on the player container (so they work wherever
 * focus is inside it, the full-screen element included). Every key shows the controls; a key
 * that is a shortcut runs it, and its default is prevented unless the handler says it did nothing.
 */
export function usePlayerShortcuts(
  container: () => HTMLElement | null,
  onKey: () => void,
  run: (shortcut: Shortcut) => boolean | void,
) {
  const onShortcut = useEffectEvent((event: KeyboardEvent) => {
    onKey();
    const shortcut = shortcutFor(event);
    if (shortcut === null) return;
    if (run(shortcut) === false) return;
    event.preventDefault();
  });

  useEffect(() => {
    const target = container();
    if (!target) return;
    const listener = (event: KeyboardEvent) => onShortcut(event);
    target.addEventListener('keydown', listener);
    return () => target.removeEventListener('keydown', listener);
  }, [container]);
}

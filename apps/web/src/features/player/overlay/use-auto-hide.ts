import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';

/** The overlay hides after this long without mouse movement or key press while the video plays. */
export const AUTO_HIDE_DELAY_MS = 3000;

type HiddenBecause = 'idle' | 'left' | null;

interface Options {
  playing: boolean;
  /** A menu or dialog of the overlay is open: never hide then. */
  menuOpen: boolean;
}

/**
 * When the overlay shows. It hides when the mouse leaves the player, and after a few seconds
 * without activity while playing; it never hides while one of its controls holds keyboard focus
 * or a menu is open (European Accessibility Act: controls a keyboard user is on stay visible).
 * Focus reached by a click does not pin it, or a mouse user's overlay would never hide after
 * pressing play: the last input (key or pointer) tells which it is, as :focus-visible does.
 */
export function useAutoHide({ playing, menuOpen }: Options) {
  const [hidden, setHidden] = useState<HiddenBecause>(null);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const playingRef = useRef(playing);
  const lastInput = useRef<'keyboard' | 'pointer'>('pointer');

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // Paused, the controls stay: the viewer is likely to reach for them.
      if (playingRef.current) setHidden('idle');
    }, AUTO_HIDE_DELAY_MS);
  }, []);

  const reveal = useCallback(() => {
    setHidden(null);
    schedule();
  }, [schedule]);

  useEffect(() => {
    playingRef.current = playing;
    if (playing) schedule();
    else clearTimeout(timer.current);
  }, [playing, schedule]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // The last input anywhere on the page: Tab pressed on the page's body lands on a control too.
  useEffect(() => {
    const keyboard = () => {
      lastInput.current = 'keyboard';
    };
    const pointer = () => {
      lastInput.current = 'pointer';
    };
    document.addEventListener('keydown', keyboard, true);
    document.addEventListener('pointerdown', pointer, true);
    document.addEventListener('mousedown', pointer, true);
    return () => {
      document.removeEventListener('keydown', keyboard, true);
      document.removeEventListener('pointerdown', pointer, true);
      document.removeEventListener('mousedown', pointer, true);
    };
  }, []);

  const rootHandlers = {
    onMouseEnter: reveal,
    onMouseMove: reveal,
    onMouseLeave: () => {
      clearTimeout(timer.current);
      setHidden('left');
    },
    // React's focus events bubble (focusin/focusout): they tell when a control inside gains or loses focus.
    onFocus: (event: FocusEvent<HTMLElement>) => {
      const onControl = event.target !== event.currentTarget;
      setKeyboardFocus(onControl && lastInput.current === 'keyboard');
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget;
      if (!(next instanceof Node) || !event.currentTarget.contains(next)) setKeyboardFocus(false);
    },
  };

  const visible = keyboardFocus || menuOpen || hidden === null || (hidden === 'idle' && !playing);
  return { visible, reveal, rootHandlers };
}

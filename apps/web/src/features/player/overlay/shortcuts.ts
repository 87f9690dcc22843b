/** The player's keyboard shortcuts (issue 7): what a key press asks for. */
export type Shortcut =
  | 'toggle-play'
  | 'seek-back'
  | 'seek-forward'
  | 'volume-up'
  | 'volume-down'
  | 'toggle-mute'
  | 'toggle-fullscreen'
  | 'toggle-subtitles'
  | 'close-menu';

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'password', 'number', 'tel', 'url']);

/** A field the viewer types in: no shortcut applies there. */
function isTextEntry(target: Element): boolean {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type);
  return target instanceof HTMLElement && target.isContentEditable;
}

/** Elements that act on Space and Enter themselves (a focused button is pressed, not the video). */
function activatesOnSpace(target: Element): boolean {
  return target.closest('button, a[href], input, [role="menuitemradio"], [role="button"]') !== null;
}

/**
 * The key as a lower-case letter: the typed Latin letter, else (an Arabic layout types ن for k)
 * the letter of the physical key, so the shortcuts work whatever the keyboard layout.
 */
function keyOf(event: KeyboardEvent): string {
  if (/^[a-z]$/i.test(event.key)) return event.key.toLowerCase();
  const physical = /^Key([A-Z])$/.exec(event.code);
  return physical && event.key.length === 1 && event.key !== ' ' ? physical[1]!.toLowerCase() : event.key;
}

/**
 * The shortcut for a key press in the player, or null. Arrow keys are left to sliders and to open
 * menus and dialogs, which use them themselves; modified keys belong to the browser.
 */
export function shortcutFor(event: KeyboardEvent): Shortcut | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target && isTextEntry(target)) return null;
  const inPopup = target?.closest('[role="menu"], [role="dialog"]') != null;
  if (event.key === 'Escape') return 'close-menu';
  if (inPopup) return null;
  const onSlider = target instanceof HTMLInputElement && target.type === 'range';
  switch (keyOf(event)) {
    case ' ':
      return target && activatesOnSpace(target) ? null : 'toggle-play';
    case 'k':
      return 'toggle-play';
    case 'ArrowLeft':
      return onSlider ? null : 'seek-back';
    case 'ArrowRight':
      return onSlider ? null : 'seek-forward';
    case 'ArrowUp':
      return onSlider ? null : 'volume-up';
    case 'ArrowDown':
      return onSlider ? null : 'volume-down';
    case 'm':
      return 'toggle-mute';
    case 'f':
      return 'toggle-fullscreen';
    case 'c':
      return 'toggle-subtitles';
    default:
      return null;
  }
}

/**
 * A server-drawn page is shown before the app runs (main.tsx): its links and forms work as they do
 * without JavaScript, but a button does nothing until the page is live. A click on a control in
 * that moment is held — not lost, and not sent as a native form submission that would drop what
 * the app does with it — and replayed on the same control once the page is live (the way React's
 * own event replay during hydration works). Links are left alone: they navigate as they would.
 */

/** What needs the app to act: buttons, toggles, options and the labels of toggles. */
const CONTROLS = [
  'button',
  'input[type="checkbox"]',
  'input[type="radio"]',
  'input[type="submit"]',
  'input[type="button"]',
  'input[type="image"]',
  'summary',
  '[role="button"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="tab"]',
  '[role="option"]',
  '[role="menuitem"]',
].join(', ');

/** A viewer tapping and tapping again while the page loads asks once per control. */
const MOST_HELD = 8;

/**
 * One click per task, so that the app has drawn what the first did (a radio chosen) before the
 * next one reads it (the form it validates).
 */
function replay(targets: Element[]): void {
  const [next, ...rest] = targets;
  if (next === undefined) return;
  if (next.isConnected) (next as HTMLElement).click();
  setTimeout(() => replay(rest), 0);
}

/**
 * Holds the clicks made on controls until `<html>` carries `liveAttribute`, then replays them in
 * order on those still in the page. Returns a release for when the app cannot start: the held
 * clicks then act as they would without it (a form's submit button submits it).
 */
export function holdClicksUntilLive(liveAttribute: string): () => void {
  const held: Element[] = [];
  const control = (target: EventTarget | null): Element | null => {
    if (!(target instanceof Element)) return null;
    const found = target.closest(CONTROLS) ?? target.closest('label');
    if (found instanceof HTMLLabelElement) {
      // A label clicks its control: held only when that control is one the app acts on.
      return found.control?.matches(CONTROLS) === true ? found : null;
    }
    return found;
  };
  const onClick = (event: MouseEvent): void => {
    const target = control(event.target);
    if (target === null || (target as HTMLButtonElement).disabled === true) return;
    event.preventDefault();
    event.stopPropagation();
    if (!held.includes(target) && held.length < MOST_HELD) held.push(target);
  };
  document.addEventListener('click', onClick, true);

  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    observer.disconnect();
    document.removeEventListener('click', onClick, true);
    // A task later: what the page does as it goes live (the visitor's session read back, the
    // personal parts drawn for it) is done before the first click acts.
    const targets = held.splice(0);
    setTimeout(() => replay(targets), 0);
  };
  const observer = new MutationObserver(() => {
    if (document.documentElement.hasAttribute(liveAttribute)) release();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [liveAttribute] });
  if (document.documentElement.hasAttribute(liveAttribute)) release();
  return release;
}

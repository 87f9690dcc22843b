import { afterEach, describe, expect, test, vi } from 'vitest';
import { holdClicksUntilLive } from './early-input';

const LIVE = 'data-test-live';

function page(html: string): void {
  document.body.innerHTML = html;
}

const releases: (() => void)[] = [];
function hold(): () => void {
  const release = holdClicksUntilLive(LIVE);
  releases.push(release);
  return release;
}

afterEach(() => {
  document.body.innerHTML = '';
  for (const release of releases.splice(0)) release();
  document.documentElement.removeAttribute(LIVE);
});

/** The page goes live: its handlers are there, then `<html>` says so. */
async function goLive(): Promise<void> {
  document.documentElement.setAttribute(LIVE, '');
  await vi.waitFor(() => undefined);
}

describe('clicks before the page is live', () => {
  test('a button clicked twice before the app answers acts once, when it does', async () => {
    page('<button id="remind">Me le rappeler</button>');
    const button = document.getElementById('remind')!;
    hold();
    button.click();
    button.click();
    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    expect(pressed).not.toHaveBeenCalled();
    await goLive();
    await vi.waitFor(() => expect(pressed).toHaveBeenCalledTimes(1));
    // Live: clicks go straight through.
    button.click();
    expect(pressed).toHaveBeenCalledTimes(2);
  });

  test('a radio and then the submit button: no native submission; replayed in order, one task apart', async () => {
    page(
      '<form><label><input type="radio" name="l" value="ar"> العربية</label><button>Valider</button></form>',
    );
    const radio = document.querySelector('input')!;
    const form = document.querySelector('form')!;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    hold();
    document.querySelector('label')!.click();
    expect(radio.checked).toBe(false);
    document.querySelector('button')!.click();
    form.addEventListener('submit', submitted);
    expect(submitted).not.toHaveBeenCalled();

    const checkedAtSubmit: boolean[] = [];
    form.addEventListener('submit', () => checkedAtSubmit.push(radio.checked));
    await goLive();
    await vi.waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    expect(checkedAtSubmit).toEqual([true]);
  });

  test('links and text fields are left alone', () => {
    page('<a href="#details">Un film</a><label for="q">Rechercher</label><input id="q" type="search">');
    hold();
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')!.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    const label = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('label')!.dispatchEvent(label);
    expect(label.defaultPrevented).toBe(false);
  });

  test('released without the app (its code failed to load): the held click acts natively', async () => {
    page('<button id="b">Valider</button>');
    const release = hold();
    const button = document.getElementById('b')!;
    button.click();
    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    release();
    await vi.waitFor(() => expect(pressed).toHaveBeenCalledTimes(1));
  });
});

import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { openPopup, usePopupStore, type PopupOptions, type PopupResult } from './popup-store';
import { sanitizePopupHtml } from './sanitize';

const DIRTY =
  '<p>Bonjour <strong>toi</strong> <i>!</i><br></p><script>alert(1)</script>' +
  '<img src="x" onerror="alert(2)"><a href="https://aide.example/" onclick="evil()">aide</a>' +
  '<div style="color:red">texte</div><a href="javascript:alert(3)">piège</a>';

// The dialog's chunk, loaded once before the tests: its first transform alone takes seconds here,
// beyond what a test waits for what it shows.
beforeAll(() => import('./popup-dialog'), 30_000);

afterEach(() => {
  act(() => usePopupStore.setState({ current: null }));
});

async function show(options: PopupOptions) {
  mockFetch();
  renderApp('/');
  await screen.findByRole('banner');
  let result!: Promise<PopupResult>;
  act(() => {
    result = openPopup(options);
  });
  const dialog = await screen.findByRole('dialog', { name: options.title });
  return { dialog, result };
}

describe('sanitizePopupHtml', () => {
  test('keeps strong, p, i, br and a; drops scripts, images, handlers and other tags', () => {
    const clean = sanitizePopupHtml(DIRTY);
    const box = document.createElement('div');
    box.innerHTML = clean;
    expect(box.querySelector('strong')?.textContent).toBe('toi');
    expect(box.querySelector('i')).not.toBeNull();
    expect(box.querySelector('br')).not.toBeNull();
    expect(box.querySelector('script, img, div, [style]')).toBeNull();
    expect(clean).not.toMatch(/onclick|onerror|alert|javascript:/);
    expect(box.textContent).toContain('texte');
    const links = [...box.querySelectorAll('a')];
    expect(links[0]).toHaveAttribute('href', 'https://aide.example/');
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(links[1]).not.toHaveAttribute('href');
  });
});

describe('popup', () => {
  test('shows the sanitised detail, the link and the error text', async () => {
    const { dialog } = await show({
      title: 'Information',
      html: DIRTY,
      link: { href: 'https://faq.example/', label: 'FAQ' },
      error: 'Une erreur',
    });
    expect(within(dialog).getByText('toi').tagName).toBe('STRONG');
    expect(dialog.querySelector('script, img')).toBeNull();
    expect(dialog.innerHTML).not.toMatch(/onclick|onerror/);
    expect(within(dialog).getByRole('link', { name: 'aide' })).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByRole('link', { name: 'FAQ' })).toHaveAttribute(
      'rel',
      expect.stringContaining('noopener'),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Une erreur');
    expect(within(dialog).getByRole('button', { name: 'Valider' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Annuler' })).not.toBeInTheDocument();
  });

  test('plain text is shown as it is, never read as HTML', async () => {
    const { dialog } = await show({ title: 'Résumé', text: 'Deux <b>amis</b> & une radio' });
    expect(within(dialog).getByText('Deux <b>amis</b> & une radio')).toBeInTheDocument();
    expect(dialog.querySelector('b')).toBeNull();
  });

  test('a masked code input is a password field; Validate resolves with the code', async () => {
    const { dialog, result } = await show({
      title: 'Code parental',
      code: { label: 'Code', masked: true },
      cancel: true,
    });
    const input = within(dialog).getByLabelText('Code');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.type(input, '1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await expect(result).resolves.toEqual({ validated: true, code: '1234' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('an unmasked code input is a text field', async () => {
    const { dialog } = await show({ title: 'Activation', code: { label: 'Code' } });
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('type', 'text');
  });

  test('Cancel and Escape resolve as not validated', async () => {
    const first = await show({ title: 'Confirmer', cancel: true });
    await userEvent.click(within(first.dialog).getByRole('button', { name: 'Annuler' }));
    await expect(first.result).resolves.toEqual({ validated: false });

    let second!: Promise<PopupResult>;
    act(() => {
      second = openPopup({ title: 'Encore', cancel: 'Non merci' });
    });
    await screen.findByRole('dialog', { name: 'Encore' });
    await userEvent.keyboard('{Escape}');
    await expect(second).resolves.toEqual({ validated: false });
  });

  test('a failed check keeps the popup open with its error', async () => {
    const { dialog, result } = await show({
      title: 'Code parental',
      code: { label: 'Code', masked: true },
      check: (code) => (code === '0000' ? null : 'Code incorrect'),
    });
    const input = within(dialog).getByLabelText('Code');
    await userEvent.type(input, '9999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Code incorrect');
    await userEvent.clear(input);
    await userEvent.type(input, '0000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await expect(result).resolves.toEqual({ validated: true, code: '0000' });
  });
});

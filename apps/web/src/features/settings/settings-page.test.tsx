import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LANG_PREFERENCE_KEY } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { appReload } from './reload';

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  mockFetch();
  assign = vi.spyOn(appReload, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the settings page', () => {
  test('offers the five languages, each in its own language, the current one selected', async () => {
    renderApp('/settings');
    const group = await screen.findByRole('radiogroup', { name: "Langue de l'interface" });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'العربية',
      'Deutsch',
      'English',
      'Español',
      'Français',
    ]);
    expect(within(group).getByRole('radio', { name: 'Français' })).toBeChecked();
    expect(screen.getByText('العربية')).toHaveAttribute('lang', 'ar');
    expect(screen.getByText('العربية')).toHaveAttribute('dir', 'rtl');
  });

  test('pre-selects the stored language', async () => {
    localStorage.setItem(LANG_PREFERENCE_KEY, 'de');
    renderApp('/settings');
    const group = await screen.findByRole('radiogroup', { name: 'Sprache der Oberfläche' });
    expect(within(group).getByRole('radio', { name: 'Deutsch' })).toBeChecked();
  });

  test('Validate stores lang-preference and reloads the app at the origin', async () => {
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('radio', { name: 'English' }));
    expect(localStorage.getItem(LANG_PREFERENCE_KEY)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(localStorage.getItem(LANG_PREFERENCE_KEY)).toBe('en');
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(window.location.origin);
  });

  test('the keyboard reaches and changes the choice', async () => {
    const user = userEvent.setup();
    renderApp('/settings');
    const french = await screen.findByRole('radio', { name: 'Français' });
    french.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: 'Español' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Valider' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(localStorage.getItem(LANG_PREFERENCE_KEY)).toBe('es');
    expect(assign).toHaveBeenCalledWith(window.location.origin);
  });

  test('shows the app version from the config', async () => {
    renderApp('/settings');
    expect(await screen.findByText('Version 0.1.0')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import {
  STORED,
  TOKEN,
  openSettings,
  serve,
  setUpAccountSettingsTests,
} from './account-settings-test-helpers';

// Typing into several fields is slow on a shared machine.
vi.setConfig({ testTimeout: 20_000 });

setUpAccountSettingsTests();

describe('account settings: my account', () => {
  test('the form is prefilled from the preferences, the email is read-only', async () => {
    serve();
    await openSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Mon compte' })).toHaveAttribute('aria-selected', 'true');
    const email = screen.getByRole('textbox', { name: 'Adresse e-mail' });
    expect(email).toHaveValue('awa@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveValue('Diop');
    expect(screen.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Awa');
    expect(screen.getByRole('textbox', { name: /Date de naissance/ })).toHaveValue('12/03/1990');
    expect(screen.getByRole('textbox', { name: 'Ville' })).toHaveValue('Liège');
    expect(screen.getByRole('radio', { name: 'Femme' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Homme' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: /Pays/ })).toHaveTextContent('Belgique');
    expect(screen.getByRole('switch', { name: 'Recevoir la newsletter' })).not.toBeChecked();
    const mail = screen.getByRole('link', { name: 'contact@antenne.example' });
    expect(mail).toHaveAttribute('href', 'mailto:contact@antenne.example');
  });

  test('without a saved country, the detected one (GET /v2/location) is proposed', async () => {
    const { calls } = serve({ ...STORED, country: '' });
    await openSettings();
    await waitFor(() => expect(screen.getByRole('button', { name: /Pays/ })).toHaveTextContent('Sénégal'));
    expect(calls.some((c) => c.path === '/v2/location')).toBe(true);
  });

  test('Save posts the whole map back with the changes, then says the changes are saved', async () => {
    const { posted, calls } = serve();
    const user = userEvent.setup();
    await openSettings();
    const city = screen.getByRole('textbox', { name: 'Ville' });
    await user.clear(city);
    await user.type(city, 'Dakar');
    await user.click(screen.getByRole('radio', { name: 'Homme' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Vos modifications ont été enregistrées.')).toBeInTheDocument();
    expect(posted()).toEqual([{ preferences: { ...STORED, city: 'Dakar', gender: 'male' } }]);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  test('an age under 16 opens the date-of-birth popup and nothing is saved', async () => {
    const { posted } = serve();
    const user = userEvent.setup();
    await openSettings();
    const birthday = screen.getByRole('textbox', { name: /Date de naissance/ });
    const year = new Date().getFullYear() - 10;
    await user.clear(birthday);
    await user.type(birthday, `0101${year}9`);
    expect(birthday).toHaveValue(`01/01/${year}`);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const popup = await screen.findByRole('dialog', { name: 'Date de naissance' });
    expect(within(popup).getByText(/au moins 16 ans/)).toBeInTheDocument();
    expect(birthday).toHaveAttribute('aria-invalid', 'true');
    expect(posted()).toEqual([]);
    expect(screen.queryByText('Vos modifications ont été enregistrées.')).not.toBeInTheDocument();
  });

  test("the newsletter switch saves at once as 'true', the other keys kept", async () => {
    const { posted } = serve();
    const user = userEvent.setup();
    await openSettings();
    const toggle = screen.getByRole('switch', { name: 'Recevoir la newsletter' });
    await user.click(toggle);
    await waitFor(() => expect(posted()).toEqual([{ preferences: { ...STORED, newsletter: 'true' } }]));
    expect(toggle).toBeChecked();
  });

  test('the Preferences tab links to the language settings and holds the newsletter; Downloads has none', async () => {
    serve({ ...STORED, newsletter: 'true' });
    const user = userEvent.setup();
    await openSettings();
    await user.click(screen.getByRole('tab', { name: 'Préférences' }));
    const panel = screen.getByRole('tabpanel', { name: 'Préférences' });
    expect(within(panel).getByRole('link', { name: "Changer la langue de l'interface" })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(within(panel).getByRole('switch', { name: 'Recevoir la newsletter' })).toBeChecked();
    await user.click(screen.getByRole('tab', { name: 'Téléchargements' }));
    expect(screen.getByRole('tabpanel', { name: 'Téléchargements' })).toHaveTextContent(
      "Vous n'avez aucun téléchargement pour le moment.",
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { accountPaths, identityPaths, NO_PASSWORD_CREDENTIALS, paths } from '@antenne/contract';
import fr from '../../../public/locales/fr.json';
import { renderApp } from '../../../test/render-app';
import { config, json, mockFetch, requestsTo, type Handler } from '../../../test/fetch-mock';
import { usePopupStore } from '../../components/modal/popup-store';
import { useSessionStore } from '../../state/session-store';

// Typing into several fields is slow on a shared machine.
vi.setConfig({ testTimeout: 20_000 });

const PREFERENCES = accountPaths.preferences(config);
const TOKEN = 'session-token-1';
const STORED = {
  firstname: 'Awa',
  lastname: 'Diop',
  email: 'awa@example.com',
  dateofbirth: '12031990',
  gender: 'female',
  avatar: 'avatar-3',
  country: 'BE',
  city: 'Liège',
  newsletter: 'false',
};

/** Text of a translation key as fr.json holds it (shared keys may be worded by another screen). */
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], fr) as string;

interface Recorded {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
  credentials: RequestCredentials | undefined;
}

function serve(preferences: Record<string, string> = STORED, extra: Record<string, Handler> = {}) {
  let stored = { ...preferences };
  const calls: Recorded[] = [];
  const record = (url: URL, init: RequestInit | undefined) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      body,
      authorization: new Headers(init?.headers).get('Authorization'),
      credentials: init?.credentials,
    });
    return body;
  };
  const handlers: Record<string, Handler> = {
    [PREFERENCES]: (url, init) => {
      const body = record(url, init) as { preferences: Record<string, string> } | undefined;
      if (init?.method === 'POST' && body) {
        stored = body.preferences;
        return json({ message: 'OK' });
      }
      return json({ lastUpdated: '2026-11-01T00:00:00Z', preferences: stored });
    },
    [paths.location()]: (url, init) => (record(url, init), json({ countryCode: 'SN' })),
    // The identity sign-in two minutes ago: recent enough to delete the account.
    [identityPaths.getSession]: (url, init) => (
      record(url, init), json({ session: { createdAt: new Date(Date.now() - 120_000).toISOString() }, user: { email: 'awa@example.com' } })
    ),
    ...Object.fromEntries(
      Object.entries(extra).map(([path, handler]) => [
        path,
        (url: URL, init: RequestInit | undefined) => (record(url, init), handler(url, init)),
      ]),
    ),
  };
  const fetchMock = mockFetch(handlers);
  return {
    fetchMock,
    calls,
    posted: () => calls.filter((c) => c.method === 'POST' && c.path === PREFERENCES).map((c) => c.body),
  };
}

beforeEach(() => {
  useSessionStore.setState({ token: TOKEN, user: { email: 'awa@example.com', createdAt: Date.now() } });
});

afterEach(() => {
  usePopupStore.getState().close({ validated: false });
});

async function openSettings() {
  renderApp('/login');
  return screen.findByRole('textbox', { name: 'Nom' });
}

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

describe('account settings: change password', () => {
  const changePassword = {
    [identityPaths.changePassword]: () =>
      json({ httpCode: 400, message: 'INVALID_PASSWORD', extendedMessage: 'Invalid password' }, 400),
  };

  async function openDialog() {
    await openSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer le mot de passe' });
    return { user, dialog };
  }

  test('a wrong current password shows LOGIN.LOGIN_PASSWORD_ERROR', async () => {
    const { calls } = serve(STORED, changePassword);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Mot de passe actuel'), 'Wrong-pass1');
    await user.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'Nouveau-pass2');
    await user.type(within(dialog).getByLabelText('Confirmation du nouveau mot de passe'), 'Nouveau-pass2');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await within(dialog).findByText(text('LOGIN.LOGIN_PASSWORD_ERROR'))).toBeInTheDocument();
    const request = calls.find((c) => c.path === identityPaths.changePassword);
    expect(request?.body).toEqual({
      currentPassword: 'Wrong-pass1',
      newPassword: 'Nouveau-pass2',
      revokeOtherSessions: false,
    });
    expect(request?.credentials).toBe('include');
    expect(within(dialog).getByLabelText('Mot de passe actuel')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a new password against the rules shows the rules then the confirmation error, and is not sent', async () => {
    const { calls } = serve(STORED, changePassword);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Mot de passe actuel'), 'Current-pass1');
    await user.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'simple');
    await user.type(within(dialog).getByLabelText('Confirmation du nouveau mot de passe'), 'simple');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(within(dialog).getByText(text('REGISTER.REGISTER_PASSWORD_RULES'))).toBeInTheDocument();
    expect(within(dialog).getByText(text('ERROR.ERROR_PASSWORD_CONFIRMATION'))).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nouveau mot de passe')).toHaveValue('');
    expect(calls.some((c) => c.path === identityPaths.changePassword)).toBe(false);
  });

  test('a confirmation that differs shows the confirmation error', async () => {
    const { calls } = serve(STORED, changePassword);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Mot de passe actuel'), 'Current-pass1');
    await user.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'Nouveau-pass2');
    await user.type(within(dialog).getByLabelText('Confirmation du nouveau mot de passe'), 'Nouveau-pass3');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(within(dialog).getByText(text('ERROR.ERROR_PASSWORD_CONFIRMATION'))).toBeInTheDocument();
    expect(within(dialog).queryByText(text('REGISTER.REGISTER_PASSWORD_RULES'))).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === identityPaths.changePassword)).toBe(false);
  });

  test('success closes the dialog and says so; the identity call carries the profile\'s session (ADR 0012)', async () => {
    const { calls } = serve(STORED, { [identityPaths.changePassword]: () => json({ token: null, user: {} }) });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Mot de passe actuel'), 'Current-pass1');
    await user.type(within(dialog).getByLabelText('Nouveau mot de passe'), 'Nouveau-pass2');
    await user.type(within(dialog).getByLabelText('Confirmation du nouveau mot de passe'), 'Nouveau-pass2');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Votre mot de passe a été modifié.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === identityPaths.changePassword)?.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('account settings: change email', () => {
  async function openDialog() {
    await openSettings();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: "Modifier l'adresse e-mail" }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'adresse e-mail" });
    return { user, dialog };
  }

  test('a malformed address shows ERROR.ERROR_EMAIL_FORMAT and nothing is sent', async () => {
    const { calls } = serve();
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Nouvelle adresse e-mail'), 'awa@nowhere');
    await user.type(within(dialog).getByLabelText('Mot de passe'), 'Current-pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(within(dialog).getByText(text('ERROR.ERROR_EMAIL_FORMAT'))).toBeInTheDocument();
    expect(calls.some((c) => c.path === identityPaths.signInEmail || c.path === identityPaths.changeEmail)).toBe(false);
  });

  test('a wrong password (the server checks it with the change: 403 INCORRECT_CREDENTIALS) puts both fields in error and the password placeholder says so', async () => {
    const { calls } = serve(STORED, {
      [identityPaths.changeEmail]: () =>
        json({ httpCode: 403, message: 'INCORRECT_CREDENTIALS', extendedMessage: 'password: wrong password' }, 403),
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Nouvelle adresse e-mail'), 'awa.diop@example.com');
    await user.type(within(dialog).getByLabelText('Mot de passe'), 'Wrong-pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    const password = within(dialog).getByLabelText('Mot de passe');
    await waitFor(() => expect(password).toHaveAttribute('placeholder', text('LOGIN.LOGIN_PASSWORD_ERROR')));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Nouvelle adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.path === identityPaths.changeEmail)?.body).toEqual({
      newEmail: 'awa.diop@example.com',
      password: 'Wrong-pass1',
      callbackURL: '/login',
    });
    // No sign-in again to check it in the browser: the server's check is the one that counts.
    expect(calls.some((c) => c.path === identityPaths.signInEmail)).toBe(false);
  });

  test('past too many wrong passwords or PINs (429), the dialog says to try later', async () => {
    serve(STORED, {
      [identityPaths.changeEmail]: () => json({ httpCode: 429, message: 'TOO_MANY_REQUESTS' }, 429),
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Nouvelle adresse e-mail'), 'awa.diop@example.com');
    await user.type(within(dialog).getByLabelText('Mot de passe'), 'Current-pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await within(dialog).findByText(text('ERROR.TOO_MANY_ATTEMPTS_TRY_LATER'))).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Mot de passe')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('success: the change carries the password; the identity service mails the new address; Exposure and the preference wait for its confirmation', async () => {
    const { calls, posted } = serve(STORED, {
      [identityPaths.changeEmail]: () => json({ status: true }),
      [accountPaths.changeEmail(config)]: () => json({ message: 'OK' }),
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Nouvelle adresse e-mail'), 'awa.diop@example.com');
    await user.type(within(dialog).getByLabelText('Mot de passe'), 'Current-pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(
      await screen.findByText(
        'Un e-mail de confirmation a été envoyé à awa.diop@example.com. Votre adresse changera dès que vous aurez suivi les liens reçus à cette adresse.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === identityPaths.changeEmail)?.body).toEqual({
      newEmail: 'awa.diop@example.com',
      password: 'Current-pass1',
      callbackURL: '/login',
    });
    expect(calls.find((c) => c.path === identityPaths.changeEmail)?.authorization).toBe(`Bearer ${TOKEN}`);
    // Not yet verified: the server would refuse it (403 UNVERIFIED_EMAIL), and the account keeps its address.
    expect(calls.some((c) => c.path === accountPaths.changeEmail(config))).toBe(false);
    expect(posted()).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue('awa@example.com');
  });

  test('once the change is confirmed (the identity’s verified address is another), Exposure’s email and the preference follow it', async () => {
    const { calls, posted } = serve(STORED, {
      [identityPaths.getSession]: () =>
        json({
          session: { createdAt: new Date(Date.now() - 120_000).toISOString() },
          user: { id: 'idu-1', email: 'awa.diop@example.com', name: 'Awa Diop', emailVerified: true },
        }),
      [accountPaths.changeEmail(config)]: () => json({ message: 'OK' }),
    });
    await openSettings();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue('awa.diop@example.com'));
    const exposure = calls.find((c) => c.path === accountPaths.changeEmail(config));
    expect(exposure).toMatchObject({
      method: 'PUT',
      authorization: `Bearer ${TOKEN}`,
      body: { credentials: NO_PASSWORD_CREDENTIALS, newEmailAddress: 'awa.diop@example.com' },
    });
    expect(posted()).toEqual([{ preferences: { ...STORED, email: 'awa.diop@example.com' } }]);
  });

  test('an identity whose address is the one shown, or not verified, changes nothing', async () => {
    const { calls, posted } = serve(STORED, {
      [identityPaths.getSession]: () =>
        json({ session: {}, user: { id: 'idu-1', email: 'awa.other@example.com', name: 'Awa', emailVerified: false } }),
    });
    await openSettings();
    await waitFor(() => expect(calls.some((c) => c.path === identityPaths.getSession)).toBe(true));
    expect(calls.some((c) => c.path === accountPaths.changeEmail(config))).toBe(false);
    expect(posted()).toEqual([]);
  });
});

describe('account settings: delete and sign out', () => {
  test('delete: confirmation, user/delete, identity delete-user, then signed out at home', async () => {
    const { calls } = serve(STORED, {
      [accountPaths.userDelete(config)]: () => json({ message: 'OK' }),
      [identityPaths.deleteUser]: () => json({ success: true, message: 'User deleted' }),
      [identityPaths.signOut]: () => json({ success: true }),
    });
    const user = userEvent.setup();
    await openSettings();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer votre compte ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(useSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
    const order = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(order.indexOf(`POST ${accountPaths.userDelete(config)}`)).toBeLessThan(
      order.indexOf(`POST ${identityPaths.deleteUser}`),
    );
    const exposure = calls.find((c) => c.path === accountPaths.userDelete(config));
    expect(exposure?.body).toEqual(NO_PASSWORD_CREDENTIALS);
    expect(exposure?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(calls.find((c) => c.path === identityPaths.deleteUser)?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  test('cancelling the confirmation deletes nothing', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    await openSettings();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer votre compte ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(calls.some((c) => c.path === accountPaths.userDelete(config))).toBe(false);
    expect(useSessionStore.getState().token).toBe(TOKEN);
  });

  test('a sign-in older than ten minutes: the ERROR.DELETE_ACCOUNT dialog, and nothing is deleted', async () => {
    const { calls } = serve(STORED, {
      [identityPaths.getSession]: () => json({ session: { createdAt: new Date(Date.now() - 30 * 60_000).toISOString() } }),
    });
    const user = userEvent.setup();
    await openSettings();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Supprimer votre compte ?' })).getByRole('button', {
        name: 'Supprimer',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Suppression impossible' });
    expect(within(dialog).getByText(text('ERROR.DELETE_ACCOUNT'))).toBeInTheDocument();
    expect(calls.some((c) => c.path === accountPaths.userDelete(config) || c.path === identityPaths.deleteUser)).toBe(false);
    expect(useSessionStore.getState().token).toBe(TOKEN);
  });

  test('a failing user/delete shows the ERROR.DELETE_ACCOUNT dialog', async () => {
    serve(STORED, {
      [accountPaths.userDelete(config)]: () => json({ httpCode: 500, message: 'INTERNAL_ERROR' }, 500),
    });
    const user = userEvent.setup();
    await openSettings();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Supprimer votre compte ?' })).getByRole('button', {
        name: 'Supprimer',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Suppression impossible' });
    expect(within(dialog).getByText(text('ERROR.DELETE_ACCOUNT'))).toBeInTheDocument();
    expect(useSessionStore.getState().token).toBe(TOKEN);
  });

  test('identity refusing with SESSION_EXPIRED also shows the ERROR.DELETE_ACCOUNT dialog', async () => {
    serve(STORED, {
      [accountPaths.userDelete(config)]: () => json({ message: 'OK' }),
      [identityPaths.deleteUser]: () => json({ httpCode: 400, message: 'SESSION_EXPIRED', extendedMessage: 'Session expired' }, 400),
    });
    const user = userEvent.setup();
    await openSettings();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Supprimer votre compte ?' })).getByRole('button', {
        name: 'Supprimer',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Suppression impossible' });
    expect(within(dialog).getByText(text('ERROR.DELETE_ACCOUNT'))).toBeInTheDocument();
    // The Exposure account is gone already: once the dialog is read, the user signs in again from /login.
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(useSessionStore.getState().token).toBeNull());
    expect(window.location.pathname).toBe('/login');
  });

  test('sign out ends the Exposure session, signs out of the identity service and forgets the user', async () => {
    const { fetchMock } = serve(STORED, {
      [accountPaths.logout(config)]: () => json({}),
      [identityPaths.signOut]: () => json({ success: true }),
    });
    const user = userEvent.setup();
    await openSettings();
    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(useSessionStore.getState().token).toBeNull());
    expect(requestsTo(fetchMock, accountPaths.logout(config))).toHaveLength(1);
    expect(requestsTo(fetchMock, identityPaths.signOut)).toHaveLength(1);
  });
});

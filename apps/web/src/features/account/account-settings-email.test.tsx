import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { accountPaths, identityPaths, NO_PASSWORD_CREDENTIALS } from '@antenne/contract';
import { config, json } from '../../../test/fetch-mock';
import {
  STORED,
  TOKEN,
  openSettings,
  serve,
  setUpAccountSettingsTests,
  text,
} from './account-settings-test-helpers';

// Typing into several fields is slow on a shared machine.
vi.setConfig({ testTimeout: 20_000 });

setUpAccountSettingsTests();

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
    expect(
      calls.some((c) => c.path === identityPaths.signInEmail || c.path === identityPaths.changeEmail),
    ).toBe(false);
  });

  test('a wrong password (the server checks it with the change: 403 INCORRECT_CREDENTIALS) puts both fields in error and the password placeholder says so', async () => {
    const { calls } = serve(STORED, {
      [identityPaths.changeEmail]: () =>
        json(
          { httpCode: 403, message: 'INCORRECT_CREDENTIALS', extendedMessage: 'password: wrong password' },
          403,
        ),
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
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue('awa.diop@example.com'),
    );
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
        json({
          session: {},
          user: { id: 'idu-1', email: 'awa.other@example.com', name: 'Awa', emailVerified: false },
        }),
    });
    await openSettings();
    await waitFor(() => expect(calls.some((c) => c.path === identityPaths.getSession)).toBe(true));
    expect(calls.some((c) => c.path === accountPaths.changeEmail(config))).toBe(false);
    expect(posted()).toEqual([]);
  });
});

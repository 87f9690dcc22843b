import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { identityPaths } from '@antenne/contract';
import { json } from '../../../test/fetch-mock';
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

  test("success closes the dialog and says so; the identity call carries the profile's session (ADR 0012)", async () => {
    const { calls } = serve(STORED, {
      [identityPaths.changePassword]: () => json({ token: null, user: {} }),
    });
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

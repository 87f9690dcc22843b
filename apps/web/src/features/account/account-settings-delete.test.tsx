import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { accountPaths, identityPaths, NO_PASSWORD_CREDENTIALS } from '@antenne/contract';
import { config, json, requestsTo } from '../../../test/fetch-mock';
import { useSessionStore } from '../../state/session-store';
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
      [identityPaths.getSession]: () =>
        json({ session: { createdAt: new Date(Date.now() - 30 * 60_000).toISOString() } }),
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
    expect(
      calls.some((c) => c.path === accountPaths.userDelete(config) || c.path === identityPaths.deleteUser),
    ).toBe(false);
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
      [identityPaths.deleteUser]: () =>
        json({ httpCode: 400, message: 'SESSION_EXPIRED', extendedMessage: 'Session expired' }, 400),
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

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { accountPaths, identityPaths } from '@antenne/contract';
import { config, json, usStartupHandlers } from '../../../test/fetch-mock';
import { useSessionStore } from '../../state/session-store';
import { STORED, openSettings, serve, setUpAccountSettingsTests } from './account-settings-test-helpers';

vi.setConfig({ testTimeout: 20_000 });

setUpAccountSettingsTests();

describe('account settings of a household signed in with a US pay-TV provider', () => {
  test('shows the TV provider instead of the email; no email or password change; sign-out forgets the provider', async () => {
    useSessionStore.setState({ user: { createdAt: Date.now() } });
    useSessionStore.getState().setProviderToken('media-token', 'antenne-test');
    serve({ ...STORED, email: '' }, usStartupHandlers());
    await openSettings();

    expect(screen.getByRole('textbox', { name: 'Opérateur TV' })).toHaveValue('Antenne Test Cable');
    expect(screen.queryByRole('textbox', { name: 'Adresse e-mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Modifier l'adresse e-mail" })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Changer le mot de passe' })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(useSessionStore.getState().token).toBeNull());
    expect(useSessionStore.getState()).toMatchObject({ providerToken: null, selectedProvider: null });
    // Signed out in the US: the provider sign-in again.
    expect(await screen.findByRole('button', { name: 'Antenne Test Cable' })).toBeInTheDocument();
  });

  test('delete: a recent provider sign-in deletes the Exposure account only (no identity account), then signs out', async () => {
    useSessionStore.setState({ user: { createdAt: Date.now() } });
    useSessionStore.getState().setProviderToken('media-token', 'antenne-test');
    const { calls } = serve(
      { ...STORED, email: '' },
      { ...usStartupHandlers(), [accountPaths.userDelete(config)]: () => json({ message: 'OK' }) },
    );
    const user = userEvent.setup();
    await openSettings();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer votre compte ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(useSessionStore.getState().token).toBeNull());
    expect(calls.some((c) => c.path === accountPaths.userDelete(config))).toBe(true);
    expect(
      calls.some((c) => c.path === identityPaths.deleteUser || c.path === identityPaths.getSession),
    ).toBe(false);
    expect(useSessionStore.getState()).toMatchObject({ providerToken: null, selectedProvider: null });
  });

  test('delete: a provider sign-in older than ten minutes gets the ERROR.DELETE_ACCOUNT dialog, nothing deleted', async () => {
    useSessionStore.setState({ user: { createdAt: Date.now() - 30 * 60_000 } });
    useSessionStore.getState().setProviderToken('media-token', 'antenne-test');
    const { calls } = serve({ ...STORED, email: '' }, usStartupHandlers());
    const user = userEvent.setup();
    await openSettings();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer votre compte ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await screen.findByRole('dialog', { name: 'Suppression impossible' });
    expect(calls.some((c) => c.path === accountPaths.userDelete(config))).toBe(false);
    expect(useSessionStore.getState().token).not.toBeNull();
  });
});

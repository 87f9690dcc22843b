import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { usStartupHandlers } from '../../../test/fetch-mock';
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
});

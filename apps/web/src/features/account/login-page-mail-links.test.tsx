import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { identityPaths, identityReturnPaths } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { apiError, json, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { accountHandlers, bodyOf } from './account-fixtures';
import { setUpLoginTests } from './login-page-test-helpers';

// The connected view is another feature's (account settings): a stand-in proves it is shown.
vi.mock('./account-settings', () => ({ default: () => <h1>Réglages du compte (stand-in)</h1> }));
// So is the player, where a sign-in asked for by a play button returns.
vi.mock('../player/player-page', () => ({ default: () => <h1>Lecteur (stand-in)</h1> }));

// Typing whole forms takes seconds when the suite runs on two busy cores.
vi.setConfig({ testTimeout: 20_000 });

setUpLoginTests();

describe('links from the identity mails', () => {
  test('a verification link lands on /login saying the address is confirmed, or that the link expired', async () => {
    mockFetch(accountHandlers());
    const view = renderApp('/login?verified=1');
    expect(
      await screen.findByText('Votre adresse e-mail est confirmée : vous pouvez vous connecter.'),
    ).toBeInTheDocument();
    view.unmount();
    renderApp('/login?verified=1&error=invalid_token');
    expect(await screen.findByText(/Ce lien de vérification a expiré/)).toBeInTheDocument();
  });

  test('a reset link: the new password follows the rules, is confirmed, and is sent with the token', async () => {
    const fetchMock = mockFetch({
      ...accountHandlers(),
      [identityPaths.resetPassword]: () => json({ status: true }),
    });
    renderApp('/login?reset=1&token=reset-token-1');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Nouveau mot de passe' });
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'court');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('au moins 8 caractères');
    expect(requestsTo(fetchMock, identityPaths.resetPassword)).toHaveLength(0);
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau2?mdp');
    await user.type(screen.getByLabelText('Confirmation du nouveau mot de passe'), 'Nouveau2?mdp');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Votre mot de passe a été changé.');
    expect(bodyOf(fetchMock, identityPaths.resetPassword)).toEqual({
      token: 'reset-token-1',
      newPassword: 'Nouveau2?mdp',
    });
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('form', { name: 'Connexion par e-mail' })).toBeInTheDocument();
  });

  test('a new password set at an address the server does not trust says to set PUBLIC_URL', async () => {
    mockFetch({
      ...accountHandlers(),
      [identityPaths.resetPassword]: () => apiError(403, 'UNTRUSTED_ORIGIN'),
    });
    renderApp('/login?reset=1&token=reset-token-1');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Nouveau2?mdp');
    await user.type(screen.getByLabelText('Confirmation du nouveau mot de passe'), 'Nouveau2?mdp');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /régler PUBLIC_URL sur l'adresse que vous utilisez/,
    );
  });

  test('an expired reset link says to ask for a new one', async () => {
    mockFetch(accountHandlers());
    renderApp('/login?reset=1&error=INVALID_TOKEN');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Ce lien de réinitialisation a expiré/);
    expect(screen.getByLabelText('Nouveau mot de passe')).toBeDisabled();
  });
});

/**
 * Where the server sends better-auth's error page (/identity/error?error=CODE, its
 * identityErrorPage): the pages the identity service's returns already use, in the visitor's language.
 */
describe("the identity service's error page", () => {
  test('a bad reset link (INVALID_TOKEN) opens the reset page saying to ask for a new link', async () => {
    mockFetch(accountHandlers());
    renderApp(`${identityReturnPaths.reset}&error=INVALID_TOKEN`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(/Ce lien de réinitialisation a expiré/);
  });

  test('any other code (a provider sign-in that failed) says on the sign-in page that the sign-in did not complete', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(accountHandlers());
    renderApp(`${identityReturnPaths.socialFailed}&error=state_mismatch`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "La connexion n'a pas abouti. Veuillez réessayer.",
    );
    expect(screen.getByRole('form', { name: 'Connexion par e-mail' })).toBeInTheDocument();
  });
});

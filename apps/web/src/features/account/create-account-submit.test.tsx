import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { identityPaths } from '@antenne/contract';
import { apiError, json, requestsTo } from '../../../test/fetch-mock';
import { useSessionStore } from '../../state/session-store';
import { accountUrls, bodyOf, pathsCalled } from './account-fixtures';
import { fillStepOne, fillStepTwo, setUpRegistrationTests, setup } from './create-account-test-helpers';

// Typing whole forms takes seconds when the suite runs on two busy cores.
vi.setConfig({ testTimeout: 20_000 });

setUpRegistrationTests();

describe('registration, submit', () => {
  test('signs out, signs up with the names, birthday, sex and country (kept by the server, not the browser), asks to validate the email, then /login', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = setup();
    await fillStepOne(user);
    const form = await fillStepTwo(user);
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));

    const dialog = await screen.findByRole('dialog', { name: 'Validez votre adresse e-mail' });
    expect(dialog).toHaveTextContent('awa@example.com');

    expect(pathsCalled(fetchMock).filter((path) => path.startsWith('/identity/'))).toEqual([
      identityPaths.signOut,
      identityPaths.signUpEmail,
    ]);
    expect(bodyOf(fetchMock, identityPaths.signUpEmail)).toEqual({
      email: 'awa@example.com',
      password: 'Secret#2026',
      name: 'Awa Diallo',
      language: 'fr',
      firstName: 'Awa',
      lastName: 'Diallo',
      birthday: '01012000',
      gender: 'female',
      country: 'FR',
      callbackURL: '/login?verified=1',
    });
    // Nothing waits in this browser for the first sign-in (which may happen on another device).
    expect(requestsTo(fetchMock, accountUrls.firebaseLogin)).toHaveLength(0);
    const kept = Object.keys(localStorage)
      .map((key) => localStorage.getItem(key) ?? '')
      .join('\n');
    expect(kept).not.toContain('01012000');
    expect(kept).not.toContain('Diallo');
    expect(useSessionStore.getState().token).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test('an existing account: popup ERROR with EMAIL_EXISTS, and its Login button goes to /login', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = setup({
      [identityPaths.signUpEmail]: () =>
        json(
          {
            httpCode: 422,
            message: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
            extendedMessage: 'User already exists. Use another email.',
          },
          422,
        ),
    });
    await fillStepOne(user);
    const form = await fillStepTwo(user);
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erreur' });
    expect(dialog).toHaveTextContent('Un compte existe déjà avec cette adresse e-mail.');
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, accountUrls.firebaseLogin)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test('opened at an address the server does not trust (403 UNTRUSTED_ORIGIN): the error popup says to set PUBLIC_URL', async () => {
    const user = userEvent.setup();
    setup({ [identityPaths.signUpEmail]: () => apiError(403, 'UNTRUSTED_ORIGIN') });
    await fillStepOne(user);
    const form = await fillStepTwo(user);
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erreur' });
    expect(dialog).toHaveTextContent(/demandez à l'administrateur de régler PUBLIC_URL/);
  });

  test('a network failure at sign-up shows the network-error popup', async () => {
    const user = userEvent.setup();
    setup({
      [identityPaths.signUpEmail]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await fillStepOne(user);
    const form = await fillStepTwo(user);
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Un problème est survenu' });
    expect(dialog).toHaveTextContent('Impossible de joindre le serveur.');
    expect(within(dialog).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});

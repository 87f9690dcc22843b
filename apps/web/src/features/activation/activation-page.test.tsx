import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { activationPaths } from '@antenne/contract';
import { apiError, config, json, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';
import { storageKeys } from '../../lib/storage-keys';
import { useSessionStore } from '../../state/session-store';

/** /activation (spec part 1 §2, §4, §5): the code typed, its errors, the confirmation. */

vi.setConfig({ testTimeout: 20_000 });
preloadPageBeforeAll('/activation');

const signedIn = () =>
  useSessionStore.getState().setSession('session-token', { email: 'viewer@example.com' });

describe('/activation', () => {
  test('a visitor sees the login page, and the activation page is remembered for after the sign-in', async () => {
    mockFetch();
    const { router } = renderApp('/activation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBe('/activation');
  });

  test('empty → red input; typing clears it and shows upper case; a refused code → red; a good one → activated', async () => {
    signedIn();
    const user = userEvent.setup();
    const answers: Record<string, Response> = {
      ABC123: apiError(400, 'INVALID_ACTIVATION_CODE'),
    };
    const fetchMock = mockFetch(
      Object.fromEntries(
        ['ABC123', '9F3A2C'].map((code) => [
          activationPaths.confirm(config, code),
          (_url: URL, init: RequestInit | undefined) => {
            expect(init?.method).toBe('PUT');
            expect(new Headers(init?.headers).get('authorization')).toBe('Bearer session-token');
            return answers[code] ?? json({});
          },
        ]),
      ),
    );
    renderApp('/activation');
    const input = await screen.findByLabelText("Code d'activation");
    const validate = screen.getByRole('button', { name: 'Valider' });

    await user.click(validate);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Saisissez le code affiché sur votre appareil.')).toBeInTheDocument();

    await user.type(input, 'abc123');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveValue('ABC123');
    await user.click(validate);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText("Ce code n'est pas valide ou a expiré.")).toBeInTheDocument();

    await user.clear(input);
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.type(input, '9f3a2c');
    await user.click(validate);
    expect(await screen.findByRole('heading', { name: 'Félicitations !' })).toBeInTheDocument();
    expect(screen.getByText('Votre appareil est activé.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    expect(requestsTo(fetchMock, activationPaths.confirm(config, '9F3A2C'))).toHaveLength(1);
  });

  test('too many codes tried: the input is red and says to wait', async () => {
    signedIn();
    const user = userEvent.setup();
    mockFetch({ [activationPaths.confirm(config, 'AAAAAA')]: () => apiError(429, 'TOO_MANY_REQUESTS') });
    renderApp('/activation');
    const input = await screen.findByLabelText("Code d'activation");
    await user.type(input, 'AAAAAA{Enter}');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Trop de codes essayés. Réessayez dans quelques minutes.')).toBeInTheDocument();
  });
});

// Shared set-up of the login page's suites: /login over the account fixtures, and the email sign-in.
import { act, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';
import { mockFetch, type Handler } from '../../../test/fetch-mock';
import { usePopupStore } from '../../components/modal';
import { useSessionStore } from '../../state/session-store';
import { accountHandlers } from './account-fixtures';

/**
 * The set-up of every login page suite, called at its top: signed out with no remembered page
 * before each test; no popup and no spies left after it.
 */
export function setUpLoginTests() {
  preloadPageBeforeAll('/login');
  beforeEach(() => {
    useSessionStore.getState().logout();
    sessionStorage.clear();
  });
  afterEach(() => {
    act(() => usePopupStore.setState({ current: null }));
    vi.restoreAllMocks();
  });
}

/** /login rendered over a healthy identity service and Exposure, with `handlers` overriding. */
export function setup(handlers: Record<string, Handler> = {}) {
  const fetchMock = mockFetch({ ...accountHandlers(), ...handlers });
  const view = renderApp('/login');
  return { fetchMock, ...view };
}

/** Fills in the email form and submits it; returns the form. */
export async function signIn(
  user: ReturnType<typeof userEvent.setup>,
  email = 'viewer@example.com',
  password = 'Secret#2026',
) {
  const form = await screen.findByRole('form', { name: 'Connexion par e-mail' });
  await user.type(within(form).getByLabelText('Adresse e-mail'), email);
  await user.type(within(form).getByLabelText('Mot de passe'), password);
  await user.click(within(form).getByRole('button', { name: 'Se connecter' }));
  return form;
}

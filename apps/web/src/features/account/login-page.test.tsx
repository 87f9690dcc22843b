import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { identityPaths } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { apiError, json, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { DEVICE_ID_KEY } from '../../api/auth';
import { toSessionProfile, useSessionStore } from '../../state/session-store';
import {
  accountHandlers,
  accountUrls,
  bodyOf,
  ID_TOKEN,
  loginResponse,
  owner,
  profileOf,
  providers,
} from './account-fixtures';
import { externalNavigation } from './navigation';
import { setUpLoginTests, setup, signIn } from './login-page-test-helpers';

// The connected view is another feature's (account settings): a stand-in proves it is shown.
vi.mock('./account-settings', () => ({ default: () => <h1>Réglages du compte (stand-in)</h1> }));
// So is the player, where a sign-in asked for by a play button returns.
vi.mock('../player/player-page', () => ({ default: () => <h1>Lecteur (stand-in)</h1> }));

// Typing whole forms takes seconds when the suite runs on two busy cores.
vi.setConfig({ testTimeout: 20_000 });

setUpLoginTests();

describe('the login page', () => {
  test('shows the back button, the title, four bullet points, the form and the create-account link', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retour' })).toBeInTheDocument();
    const bullets = screen.getByText('Regardez vos programmes en direct et à la demande').closest('ul');
    expect(within(bullets as HTMLElement).getAllByRole('listitem')).toHaveLength(4);
    expect(bullets?.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/create-account');
  });

  // Four bullets (spec part 1 §2), the last one promising reminders (issue 15 item 7).
  test.each([
    ['fr', /rappel/i],
    ['en', /remind/i],
    ['de', /erinner/i],
    ['es', /recordatorio/i],
    ['ar', /التذكيرات/],
  ] as const)('the bullet list promises reminders (%s)', async (locale, reminders) => {
    mockFetch(accountHandlers());
    renderApp('/login', { locale });
    const heading = await screen.findByRole('heading', { level: 1 });
    const bullets = heading.parentElement?.querySelector('ul') as HTMLElement;
    const items = within(bullets).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[3]?.textContent).toMatch(reminders);
  });

  test('a connected user gets the account settings instead of the form', async () => {
    useSessionStore.getState().householdLoginSuccess('session-1', { email: 'viewer@example.com' });
    useSessionStore.getState().profileLoginSuccess(toSessionProfile(owner));
    setup();
    expect(await screen.findByRole('heading', { name: 'Réglages du compte (stand-in)' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Connexion par e-mail' })).not.toBeInTheDocument();
  });

  test('a successful sign-in exchanges the ID token, stores the session and goes home', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_767_225_600_000);
    const user = userEvent.setup();
    const { fetchMock, router } = setup();
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    expect(bodyOf(fetchMock, identityPaths.signInEmail)).toEqual({
      email: 'viewer@example.com',
      password: 'Secret#2026',
    });
    const signInCall = fetchMock.mock.calls.find(([input]) => String(input) === identityPaths.signInEmail);
    expect(signInCall?.[1]).toMatchObject({ method: 'POST', credentials: 'include' });
    const login = bodyOf(fetchMock, accountUrls.firebaseLogin) as Record<string, unknown>;
    expect(login).toMatchObject({
      username: 'firebase..idu-1',
      accessToken: ID_TOKEN,
      device: {
        deviceId: localStorage.getItem(DEVICE_ID_KEY),
        type: 'WEB',
        name: expect.stringMatching(/^web-11-/),
      },
    });
    expect(requestsTo(fetchMock, accountUrls.profiles)).toHaveLength(1);

    const state = useSessionStore.getState();
    expect(state.token).toBe('session-1');
    expect(state.user).toMatchObject({ email: 'viewer@example.com', createdAt: 1_767_225_600_000 });
    expect(state.profile).toMatchObject({ externalId: 'alice', displayName: 'Alice' });
    expect(state.status).toBe('connected');
    const stored = JSON.parse(localStorage.getItem('antenne-session') ?? '{}') as {
      state?: { token?: string };
    };
    expect(stored.state?.token).toBe('session-1');
  });

  test('Enter in the password field submits', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = setup();
    const form = await screen.findByRole('form', { name: 'Connexion par e-mail' });
    await user.type(within(form).getByLabelText('Adresse e-mail'), 'viewer@example.com');
    await user.type(within(form).getByLabelText('Mot de passe'), 'Secret#2026{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requestsTo(fetchMock, identityPaths.signInEmail)).toHaveLength(1);
  });

  test('a wrong password gives red borders on both fields and no message', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup({
      [identityPaths.signInEmail]: () =>
        json(
          {
            httpCode: 401,
            message: 'INVALID_EMAIL_OR_PASSWORD',
            extendedMessage: 'Invalid email or password',
          },
          401,
        ),
    });
    const form = await signIn(user, 'viewer@example.com', 'Wrong#2026');
    await waitFor(() =>
      expect(within(form).getByLabelText('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(form).getByLabelText('Mot de passe')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, accountUrls.firebaseLogin)).toHaveLength(0);
    expect(useSessionStore.getState().token).toBeNull();
  });

  test('empty fields ask to fill in all the fields, without calling the identity service', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup();
    const form = await screen.findByRole('form', { name: 'Connexion par e-mail' });
    await user.click(within(form).getByRole('button', { name: 'Se connecter' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs.');
    expect(requestsTo(fetchMock, identityPaths.signInEmail)).toHaveLength(0);
  });

  test('an unverified email (identity service) opens the Connexion popup, whose button resends the mail', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup({
      [identityPaths.signInEmail]: () =>
        json({ httpCode: 403, message: 'EMAIL_NOT_VERIFIED', extendedMessage: 'Email not verified' }, 403),
    });
    await signIn(user);
    const dialog = await screen.findByRole('dialog', { name: 'Connexion' });
    expect(dialog).toHaveTextContent('Votre compte doit être vérifié');
    await user.click(within(dialog).getByRole('button', { name: "Renvoyer l'e-mail" }));
    expect(
      await screen.findByText('Un nouvel e-mail de vérification vient de vous être envoyé.'),
    ).toBeInTheDocument();
    expect(bodyOf(fetchMock, identityPaths.sendVerificationEmail)).toEqual({
      email: 'viewer@example.com',
      callbackURL: '/login?verified=1',
    });
    expect(useSessionStore.getState().token).toBeNull();
  });

  test('an unverified email (firebaseLogin 403 EMAIL_NOT_VERIFIED) opens the same popup and signs nobody in', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup({ [accountUrls.firebaseLogin]: () => apiError(403, 'EMAIL_NOT_VERIFIED') });
    await signIn(user);
    const dialog = await screen.findByRole('dialog', { name: 'Connexion' });
    expect(dialog).toHaveTextContent('Votre compte doit être vérifié');
    expect(useSessionStore.getState().token).toBeNull();
    expect(requestsTo(fetchMock, identityPaths.signOut)).toHaveLength(1);
  });

  test('a suspended household gets the suspension popup and the error in red on the form', async () => {
    const user = userEvent.setup();
    setup({ [accountUrls.firebaseLogin]: () => apiError(403, 'SUSPENDED_HOUSEHOLD') });
    const form = await signIn(user);
    const dialog = await screen.findByRole('dialog', { name: 'Compte suspendu' });
    expect(dialog).toHaveTextContent('Votre compte est suspendu.');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Votre compte est suspendu.');
    expect(useSessionStore.getState()).toMatchObject({ token: null, householdError: 'SUSPENDED_HOUSEHOLD' });
  });

  test('too many attempts shows TOO_MANY_ATTEMPTS_TRY_LATER', async () => {
    const user = userEvent.setup();
    setup({
      [identityPaths.signInEmail]: () => json({ httpCode: 429, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' }, 429),
    });
    const form = await signIn(user);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Trop de tentatives. Veuillez réessayer plus tard.',
    );
  });

  test('opened at an address the server does not trust (403 UNTRUSTED_ORIGIN): the form says to set PUBLIC_URL', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup({ [identityPaths.signInEmail]: () => apiError(403, 'UNTRUSTED_ORIGIN') });
    const form = await signIn(user);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      "Ce serveur ne reconnaît pas l'adresse à laquelle cette page a été ouverte. Ouvrez l'application à son adresse habituelle, ou demandez à l'administrateur de régler PUBLIC_URL sur l'adresse que vous utilisez.",
    );
    expect(requestsTo(fetchMock, accountUrls.firebaseLogin)).toHaveLength(0);
    expect(useSessionStore.getState().token).toBeNull();
  });

  test('forgot password at such an address says the same instead of claiming a mail went out', async () => {
    const user = userEvent.setup();
    setup({ [identityPaths.requestPasswordReset]: () => apiError(403, 'UNTRUSTED_ORIGIN') });
    await user.click(await screen.findByRole('button', { name: 'Mot de passe oublié ?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mot de passe oublié' });
    await user.type(within(dialog).getByLabelText('Adresse e-mail'), 'viewer@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/PUBLIC_URL/);
    expect(screen.queryByText(/Si un compte existe avec cette adresse/)).not.toBeInTheDocument();
  });

  test('forgot password refuses a malformed email, then sends the typed one and confirms', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup();
    await user.click(await screen.findByRole('button', { name: 'Mot de passe oublié ?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mot de passe oublié' });
    const input = within(dialog).getByLabelText('Adresse e-mail');
    await user.type(input, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Le format de l'adresse e-mail est incorrect.",
    );
    expect(requestsTo(fetchMock, identityPaths.requestPasswordReset)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'viewer@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText(/Si un compte existe avec cette adresse/)).toBeInTheDocument();
    expect(bodyOf(fetchMock, identityPaths.requestPasswordReset)).toEqual({
      email: 'viewer@example.com',
      redirectTo: '/login?reset=1',
    });
  });

  test('shows only the configured social providers, and the OIDC provider by its name', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const { fetchMock } = setup({
      [identityPaths.providers]: () =>
        json(providers(['google', 'twitter'], { providerId: 'oidc', name: 'Mon SSO' })),
      [identityPaths.signInSocial]: () =>
        json({ url: 'https://accounts.google.example/auth?x=1', redirect: true }),
    });
    const group = await screen.findByRole('group', { name: 'Ou connectez-vous avec' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Continuer avec Google', 'Continuer avec X (Twitter)', 'Continuer avec Mon SSO']);
    expect(within(group).queryByRole('button', { name: /Facebook/ })).not.toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Continuer avec Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.example/auth?x=1'));
    expect(bodyOf(fetchMock, identityPaths.signInSocial)).toMatchObject({
      provider: 'google',
      callbackURL: '/login?social=done',
    });
  });

  test('no social block when no provider is configured', async () => {
    setup();
    await screen.findByRole('form', { name: 'Connexion par e-mail' });
    expect(screen.queryByRole('group', { name: 'Ou connectez-vous avec' })).not.toBeInTheDocument();
  });

  test('a failed social sign-in is logged and says so briefly', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup({
      [identityPaths.providers]: () => json(providers(['facebook'])),
      [identityPaths.signInSocial]: () => json({ httpCode: 404, message: 'PROVIDER_NOT_FOUND' }, 404),
    });
    await user.click(await screen.findByRole('button', { name: 'Continuer avec Facebook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "La connexion n'a pas abouti. Veuillez réessayer.",
    );
    expect(logged).toHaveBeenCalledWith('Social sign-in failed', 'PROVIDER_NOT_FOUND');
  });

  test('back from a social provider, the identity session is exchanged and the user goes home', async () => {
    const { fetchMock, router } = (() => {
      const fetchMock = mockFetch({
        ...accountHandlers(),
        [identityPaths.getSession]: () =>
          json({ user: { id: 'idu-g', email: 'viewer@example.com', name: 'Alice', emailVerified: true } }),
      });
      return { fetchMock, ...renderApp('/login?social=done') };
    })();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodyOf(fetchMock, accountUrls.firebaseLogin)).toMatchObject({
      username: 'firebase..idu-g',
      accessToken: ID_TOKEN,
    });
    expect(useSessionStore.getState().token).toBe('session-1');
  });

  test('with two profiles, the picker shows names and avatars and choosing one calls selectProfile', async () => {
    const user = userEvent.setup();
    const bob = profileOf('bob', 'Bob', false, { avatar: '/images/avatars/bob.png' });
    const { fetchMock, router } = setup({
      [accountUrls.profiles]: () => json({ profiles: [owner, bob], pinCodes: [] }),
      [accountUrls.selectProfile('bob')]: () => json(loginResponse('session-bob', bob)),
    });
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Qui regarde ?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    const bobButton = screen.getByRole('button', { name: 'Bob' });
    expect(bobButton.querySelector('img')).toHaveAttribute('src', '/images/avatars/bob.png');
    expect(screen.getByRole('button', { name: 'Alice' })).toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({ status: 'household', profile: null });

    await user.click(bobButton);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const call = fetchMock.mock.calls.find(([input]) =>
      String(input).startsWith(accountUrls.selectProfile('bob')),
    );
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer session-1');
    expect(useSessionStore.getState()).toMatchObject({
      token: 'session-bob',
      status: 'connected',
      profile: { externalId: 'bob', displayName: 'Bob' },
      avatar: '/images/avatars/bob.png',
    });
  });
});

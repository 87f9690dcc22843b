import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { TV_PROVIDER_MESSAGE, tvProviderPaths, type TvProviderMessage } from '@antenne/contract';
import { apiError, config, json, usStartupHandlers, type Handler } from '../../../test/fetch-mock';
import { storageKeys } from '../../lib/storage-keys';
import { useSessionStore } from '../../state/session-store';
import { accountUrls, bodyOf, loginResponse, owner, pathsCalled, profileOf } from './account-fixtures';
import { setUpLoginTests, setup } from './login-page-test-helpers';

// The connected view and the player are other features': stand-ins prove where the sign-in goes.
vi.mock('./account-settings', () => ({ default: () => <h1>Réglages du compte (stand-in)</h1> }));
vi.mock('../player/player-page', () => ({ default: () => <h1>Lecteur (stand-in)</h1> }));

vi.setConfig({ testTimeout: 20_000 });

setUpLoginTests();

const PRIMETIME = tvProviderPaths.primetimeLogin(config);
const PLAYER = '/player/film-ete-a-dakar/719';
const SIGN_IN_URL = '/tv-providers/antenne-test/sign-in';

/** /login as a US visitor, adobePrimetimeLogin answering `primetime`. */
function setupUs(
  primetime: Handler = () => json(loginResponse('session-tv')),
  provider?: Parameters<typeof usStartupHandlers>[0],
  handlers: Record<string, Handler> = {},
) {
  return setup({ ...usStartupHandlers(provider), [PRIMETIME]: primetime, ...handlers });
}

/** Opens the test distributor's overlay; returns its dialog and frame. */
async function openDistributor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Antenne Test Cable' }));
  const dialog = await screen.findByRole('dialog', { name: 'Connexion avec Antenne Test Cable' });
  const frame = within(dialog).getByTitle<HTMLIFrameElement>('Page de connexion de Antenne Test Cable');
  return { dialog, frame };
}

/** What the distributor's page posts to the app's window. */
function post(
  data: TvProviderMessage | Record<string, unknown>,
  { origin = window.location.origin, source }: { origin?: string; source: Window | null },
) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

const token = (mediaToken = 'media-token-jws'): TvProviderMessage => ({
  type: TV_PROVIDER_MESSAGE,
  providerId: 'antenne-test',
  mediaToken,
});

describe('/login for a visitor in the United States (pay-TV provider sign-in)', () => {
  test('lists the providers (logo and name), a help link, and no email form, account creation or social buttons', async () => {
    setupUs();
    const list = await screen.findByRole('list', { name: 'Opérateurs TV' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Antenne Test Cable', 'Far Cable']);
    const logo = buttons[0]?.querySelector('img');
    expect(logo).toHaveAttribute('src', '/tv-providers/antenne-test/logo.svg');
    // Reserved size: the list does not move when the logos arrive.
    expect(logo).toHaveAttribute('width', '96');
    expect(logo).toHaveAttribute('height', '48');
    const help = screen.getByRole('link', { name: /^Besoin d’aide pour vous connecter \?/ });
    expect(help).toHaveAttribute('href', 'https://help.antenne.example/tv-providers');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveTextContent("(s'ouvre dans une nouvelle fenêtre)");
    expect(screen.queryByRole('form', { name: 'Connexion par e-mail' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Adresse e-mail')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Créer un compte' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Ou connectez-vous avec' })).not.toBeInTheDocument();
    // Kept in session storage, as the spec says.
    const kept = JSON.parse(sessionStorage.getItem(storageKeys.tvProviders) ?? '[]') as { ID: string }[];
    expect(kept.map((provider) => provider.ID)).toEqual(['antenne-test', 'far-cable']);
  });

  test("the overlay frames the provider's loginURL with the language; Cancel and Escape close it, focus back on the provider", async () => {
    const user = userEvent.setup();
    setupUs();
    const { dialog, frame } = await openDistributor(user);
    const src = new URL(frame.src);
    expect(src.origin).toBe(window.location.origin);
    expect(src.pathname).toBe(SIGN_IN_URL);
    expect(src.searchParams.get('lang')).toBe('fr');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Antenne Test Cable' })).toHaveFocus());

    await openDistributor(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Antenne Test Cable' })).toHaveFocus());
  });

  test("the frame's media token signs in: adobePrimetimeLogin with it, token and provider stored, back to the player", async () => {
    sessionStorage.setItem(storageKeys.returnTo, PLAYER);
    const user = userEvent.setup();
    const { fetchMock, router } = setupUs();
    const { frame } = await openDistributor(user);
    post(token(), { source: frame.contentWindow });

    await waitFor(() => expect(router.state.location.pathname).toBe(PLAYER));
    expect(await screen.findByRole('heading', { name: 'Lecteur (stand-in)' })).toBeInTheDocument();
    expect(bodyOf(fetchMock, PRIMETIME)).toMatchObject({
      mediaToken: 'media-token-jws',
      device: { type: 'WEB', name: expect.stringMatching(/^web-11-/) as unknown },
      language: 'fr',
    });
    expect(pathsCalled(fetchMock)).not.toContain(accountUrls.firebaseLogin);
    const state = useSessionStore.getState();
    expect(state).toMatchObject({
      token: 'session-tv',
      providerToken: 'media-token-jws',
      selectedProvider: 'antenne-test',
      status: 'connected',
    });
    // Persisted like the rest of the session.
    expect(localStorage.getItem(storageKeys.session)).toContain('"selectedProvider":"antenne-test"');
  });

  test('a household of several profiles: the profile picker first', async () => {
    const user = userEvent.setup();
    setupUs(undefined, undefined, {
      [accountUrls.profiles]: () => json({ profiles: [owner, profileOf('bob', 'Bob', false)], pinCodes: [] }),
    });
    const { frame } = await openDistributor(user);
    post(token(), { source: frame.contentWindow });
    expect(await screen.findByRole('button', { name: 'Bob' })).toBeInTheDocument();
  });

  test('a message from another window or another origin, or not a provider message, is ignored', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setupUs();
    const { frame } = await openDistributor(user);
    post(token('from-this-window'), { source: window });
    post(token('from-another-origin'), { origin: 'https://evil.example', source: frame.contentWindow });
    post({ type: 'other', mediaToken: 'x' }, { source: frame.contentWindow });
    post({ ...token('other-provider'), providerId: 'far-cable' }, { source: frame.contentWindow });

    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(pathsCalled(fetchMock)).not.toContain(PRIMETIME);
    expect(useSessionStore.getState()).toMatchObject({
      token: null,
      providerToken: null,
      selectedProvider: null,
    });
  });

  test('a refused media token: no login, nothing stored, the error said', async () => {
    const user = userEvent.setup();
    const { router } = setupUs(() => apiError(401, 'MEDIA_TOKEN_EXPIRED'));
    const { frame } = await openDistributor(user);
    post(token(), { source: frame.contentWindow });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Votre opérateur TV n’a pas pu vous connecter. Veuillez réessayer.',
    );
    expect(useSessionStore.getState()).toMatchObject({
      token: null,
      providerToken: null,
      selectedProvider: null,
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Antenne Test Cable' })).toBeEnabled();
  });

  test('NOT_SUBSCRIBED from the provider: the subscription does not include the channel', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setupUs();
    const { frame } = await openDistributor(user);
    post(
      { type: TV_PROVIDER_MESSAGE, providerId: 'antenne-test', error: 'NOT_SUBSCRIBED' },
      { source: frame.contentWindow },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Votre abonnement auprès de cet opérateur n’inclut pas notre chaîne.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pathsCalled(fetchMock)).not.toContain(PRIMETIME);
  });

  test('a provider token already stored signs in at once, with no interaction', async () => {
    sessionStorage.setItem(storageKeys.returnTo, PLAYER);
    useSessionStore.getState().setProviderToken('stored-media-token', 'antenne-test');
    const { fetchMock, router } = setupUs();
    await waitFor(() => expect(router.state.location.pathname).toBe(PLAYER));
    expect(bodyOf(fetchMock, PRIMETIME)).toMatchObject({ mediaToken: 'stored-media-token' });
    expect(useSessionStore.getState()).toMatchObject({
      token: 'session-tv',
      selectedProvider: 'antenne-test',
    });
  });

  test('a stored provider token refused: cleared, and the providers listed', async () => {
    useSessionStore.getState().setProviderToken('stale-media-token', 'antenne-test');
    setupUs(() => apiError(401, 'INVALID_MEDIA_TOKEN'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Antenne Test Cable' })).toBeEnabled());
    expect(useSessionStore.getState()).toMatchObject({
      token: null,
      providerToken: null,
      selectedProvider: null,
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('signed in by email without a provider token: the provider sign-in, which replaces the email session', async () => {
    useSessionStore.getState().setSession('session-email', { email: 'viewer@example.com' });
    const user = userEvent.setup();
    const { fetchMock } = setupUs();
    expect(await screen.findByRole('button', { name: 'Antenne Test Cable' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Réglages du compte (stand-in)' })).not.toBeInTheDocument();

    const { frame } = await openDistributor(user);
    post(token(), { source: frame.contentWindow });
    await waitFor(() => expect(useSessionStore.getState().token).toBe('session-tv'));
    const ended = fetchMock.mock.calls.find(([input]) => String(input).startsWith(accountUrls.logout));
    expect(new Headers(ended?.[1]?.headers).get('Authorization')).toBe('Bearer session-email');
    expect(useSessionStore.getState()).toMatchObject({
      providerToken: 'media-token-jws',
      selectedProvider: 'antenne-test',
    });
  });

  test('signed in by email: it says so beside the providers, and signs out from there', async () => {
    useSessionStore.getState().setSession('session-email', { email: 'viewer@example.com' });
    const user = userEvent.setup();
    const { fetchMock } = setupUs();
    expect(
      await screen.findByText(/Vous êtes connecté avec viewer@example\.com\. Aux États-Unis/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(useSessionStore.getState().token).toBeNull());
    const ended = fetchMock.mock.calls.find(([input]) => String(input).startsWith(accountUrls.logout));
    expect(new Headers(ended?.[1]?.headers).get('Authorization')).toBe('Bearer session-email');
    expect(screen.queryByRole('button', { name: 'Se déconnecter' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Antenne Test Cable' })).toBeInTheDocument();
  });

  test.each([
    ['switched off', { enabled: false, helpUrl: '', providers: [] }],
    ['with no provider', { enabled: true, helpUrl: '', providers: [] }],
  ])('the provider sign-in %s: said unavailable, and still no email form', async (_case, provider) => {
    setupUs(undefined, provider);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La connexion avec un opérateur TV n’est pas disponible pour le moment.',
    );
    expect(screen.queryByLabelText('Adresse e-mail')).not.toBeInTheDocument();
  });
});

describe('/login for a visitor in France', () => {
  test('the email form and account creation as before; no provider list, even with a provider token stored', async () => {
    useSessionStore.getState().setProviderToken('stored-media-token', 'antenne-test');
    const { fetchMock } = setup();
    expect(await screen.findByRole('form', { name: 'Connexion par e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Opérateurs TV' })).not.toBeInTheDocument();
    expect(screen.queryByText('Connexion avec votre opérateur TV')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(storageKeys.tvProviders)).toBeNull();
    expect(pathsCalled(fetchMock)).not.toContain(PRIMETIME);
  });
});

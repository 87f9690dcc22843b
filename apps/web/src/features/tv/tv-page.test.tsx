import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { activationPaths, paths, type LoginResponse } from '@antenne/contract';
import { apiError, config, json, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';
import { useSessionStore } from '../../state/session-store';

/** /tv (issue 18): the code and its QR code, the poll every 5 s, then the 10-foot home and its arrow keys. */

vi.mock('../player/player-page', () => ({ default: () => <h1>Lecteur (stand-in)</h1> }));
vi.setConfig({ testTimeout: 20_000 });
preloadPageBeforeAll('/tv');

const NOW = Date.parse('2026-11-29T20:00:00Z');
const login: LoginResponse = {
  sessionToken: 'tv-session',
  expirationDateTime: '2026-12-29T20:00:00Z',
  accountId: 'acc_1',
  userId: 'usr_1',
  accountStatus: 'OK',
  crmToken: '',
  isOverDeviceLimit: false,
  userProfile: {
    userId: 'usr_1',
    username: 'alice',
    displayName: 'Alice',
    created: '2026-01-01T00:00:00Z',
    metadata: {},
    active: true,
    owner: true,
    child: false,
    hasPinCode: false,
    restricted: false,
  },
};
const asset = (assetId: string, title: string) => ({
  assetId,
  type: 'MOVIE',
  localized: [{ locale: 'fr', title }],
});
const lane = (id: string, title: string) => ({
  [paths.wlComponent(config, id)]: () =>
    json({
      type: 'Component',
      id,
      appType: 'carousel',
      presentation: { fallback: { title } },
      contentUrl: { type: 'Query', url: `${paths.assets(config)}?lane=${id}` },
    }),
});

function serve(consume: () => Response) {
  return mockFetch({
    [activationPaths.activationCode(config)]: () =>
      json({ code: '9F3A2C', expires: new Date(NOW + 10 * 60_000).toISOString() }),
    [activationPaths.consume(config)]: consume,
    [paths.wlComponent(config, 'home')]: () =>
      json({
        type: 'Component',
        id: 'home',
        appType: 'page',
        components: {
          pageBody: ['films', 'series'].map((id) => ({
            type: 'ComponentReference',
            appType: 'carousel',
            referenceId: id,
            referenceUrl: paths.wlComponent(config, id),
          })),
        },
      }),
    ...lane('films', 'Films'),
    ...lane('series', 'Documentaires'),
    [paths.assets(config)]: (url) =>
      json({
        items:
          url.searchParams.get('lane') === 'films'
            ? [asset('film-a', 'Film A'), asset('film-b', 'Film B')]
            : [asset('doc-a', 'Doc A'), asset('doc-b', 'Doc B')],
        totalCount: 2,
        pageNumber: 1,
        pageSize: 10,
      }),
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/tv', () => {
  test('shows the code and a QR code, polls every 5 s, then signs in as the household and browses', async () => {
    let confirmed = false;
    const fetchMock = serve(() => (confirmed ? json(login) : apiError(401, 'CODE_NOT_CONFIRMED')));
    renderApp('/tv');
    expect(await screen.findByTestId('tv-activation-code')).toHaveTextContent('9F3A2C');
    expect(screen.getByRole('img', { name: "Code QR de la page d'activation" })).toBeInTheDocument();
    expect(screen.getByText('http://localhost:3000/activation', { exact: false })).toBeInTheDocument();
    // The first poll at once (it binds the code to this screen), then one every 5 s.
    await waitFor(() => expect(requestsTo(fetchMock, activationPaths.consume(config))).toHaveLength(1));
    const body = JSON.parse(
      String(fetchMock.mock.calls.find(([u]) => String(u).includes('consume'))?.[1]?.body),
    );
    expect(body).toMatchObject({ activationCode: '9F3A2C', device: { type: 'SMART_TV' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(requestsTo(fetchMock, activationPaths.consume(config))).toHaveLength(2);
    expect(useSessionStore.getState().token).toBeNull();

    confirmed = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    await waitFor(() => expect(useSessionStore.getState().token).toBe('tv-session'));
    expect(useSessionStore.getState().status).toBe('connected');
    expect(await screen.findByText('Connecté en tant que Alice')).toBeInTheDocument();
    const films = await screen.findByRole('region', { name: 'Films' });
    await waitFor(() => expect(within(films).getByRole('button', { name: 'Film A' })).toHaveFocus());
  });

  test("confirmed by a US pay-TV subscriber's household: the screen is bound to its provider", async () => {
    serve(() => json({ ...login, tvProvider: 'antenne-test' }));
    renderApp('/tv');
    await waitFor(() => expect(useSessionStore.getState().token).toBe('tv-session'));
    expect(useSessionStore.getState()).toMatchObject({
      selectedProvider: 'antenne-test',
      providerToken: null,
    });
  });

  test('the arrow keys move between cards and lanes; OK (a press of the button) plays with the player route', async () => {
    useSessionStore.getState().setSession('tv-session', { displayName: 'Alice' });
    serve(() => json(login));
    const { router } = renderApp('/tv');
    const films = await screen.findByRole('region', { name: 'Films' });
    const docs = await screen.findByRole('region', { name: 'Documentaires' });
    const filmA = await within(films).findByRole('button', { name: 'Film A' });
    await waitFor(() => expect(filmA).toHaveFocus());
    fireEvent.keyDown(filmA, { key: 'ArrowRight' });
    const filmB = within(films).getByRole('button', { name: 'Film B' });
    expect(filmB).toHaveFocus();
    fireEvent.keyDown(filmB, { key: 'ArrowRight' });
    expect(filmB).toHaveFocus();
    fireEvent.keyDown(filmB, { key: 'ArrowDown' });
    const docB = within(docs).getByRole('button', { name: 'Doc B' });
    expect(docB).toHaveFocus();
    fireEvent.keyDown(docB, { key: 'ArrowLeft' });
    expect(within(docs).getByRole('button', { name: 'Doc A' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(filmA).toHaveFocus();
    fireEvent.click(filmA);
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/film-a'));
  });

  test('right to left (Arabic), the right arrow goes back along the lane', async () => {
    useSessionStore.getState().setSession('tv-session', { displayName: 'Alice' });
    serve(() => json(login));
    renderApp('/tv');
    const films = await screen.findByRole('region', { name: 'Films' });
    const filmA = await within(films).findByRole('button', { name: 'Film A' });
    await waitFor(() => expect(filmA).toHaveFocus());
    document.documentElement.setAttribute('dir', 'rtl');
    fireEvent.keyDown(filmA, { key: 'ArrowLeft' });
    const filmB = within(films).getByRole('button', { name: 'Film B' });
    expect(filmB).toHaveFocus();
    fireEvent.keyDown(filmB, { key: 'ArrowRight' });
    expect(filmA).toHaveFocus();
  });

  test('at its expiry the code is replaced without waiting for a poll to say so', async () => {
    let codes = 0;
    const fetchMock = mockFetch({
      [activationPaths.activationCode(config)]: () => {
        codes += 1;
        return json({
          code: codes === 1 ? '111111' : '222222',
          expires: new Date(Date.now() + 600_000).toISOString(),
        });
      },
      [activationPaths.consume(config)]: () => apiError(401, 'CODE_NOT_CONFIRMED'),
    });
    renderApp('/tv');
    await waitFor(() => expect(screen.getByTestId('tv-activation-code')).toHaveTextContent('111111'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600_000);
    });
    await waitFor(() => expect(screen.getByTestId('tv-activation-code')).toHaveTextContent('222222'));
    expect(requestsTo(fetchMock, activationPaths.activationCode(config))).toHaveLength(2);
  });

  test('a dead code (400) is replaced by a new one', async () => {
    let codes = 0;
    const fetchMock = mockFetch({
      [activationPaths.activationCode(config)]: () =>
        json({ code: ++codes === 1 ? '111111' : '222222', expires: new Date(NOW + 600_000).toISOString() }),
      [activationPaths.consume(config)]: (_url, init) =>
        String(init?.body).includes('111111')
          ? apiError(400, 'INVALID_ACTIVATION_CODE')
          : apiError(401, 'CODE_NOT_CONFIRMED'),
    });
    renderApp('/tv');
    await waitFor(() => expect(screen.getByTestId('tv-activation-code')).toHaveTextContent('222222'));
    expect(requestsTo(fetchMock, activationPaths.activationCode(config))).toHaveLength(2);
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Asset, SearchList } from '@antenne/contract';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { apiError, json, mockFetch, requestsTo, startupPaths, structure } from '../../../test/fetch-mock';
import { analytics } from '../../lib/analytics/analytics';
import { useSessionStore } from '../../state/session-store';
import { SUGGESTIONS_DEBOUNCE_MS } from './search-page';

const SUGGESTIONS = '/v1/customer/antenne/businessunit/web/content/search/suggestions/';
const QUERY = '/v2/customer/antenne/businessunit/web/content/search/query/';

const asset = (assetId: string, type: Asset['type'], title: string): Asset => ({
  assetId,
  type,
  localized: [
    {
      locale: 'fr',
      title,
      images: [{ url: `/images/${assetId}.png`, type: 'cover', orientation: 'LANDSCAPE' }],
    },
  ],
});

const list = (assets: Asset[]): SearchList => ({
  items: assets.map((a) => ({ asset: a })),
  totalCount: assets.length,
  pageNumber: 1,
  pageSize: 50,
});

const ETE = [
  asset('ete-film', 'MOVIE', 'Été 85'),
  asset('ete-serie', 'TV_SHOW', "L'Été indien"),
  asset('ete-2', 'MOVIE', 'Un été'),
];

/** Suggestions and results by the text asked (the path's last segment). */
function serve(results: Record<string, Asset[] | 'fail'> = {}, suggestions: Record<string, string[]> = {}) {
  const text = (url: URL) => decodeURIComponent(url.pathname.split('/').pop() ?? '');
  return mockFetch({
    ...Object.fromEntries(
      Object.entries(suggestions).map(([q, texts]) => [
        `${SUGGESTIONS}${encodeURIComponent(q)}`,
        () => json(texts.map((t) => ({ text: t }))),
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(results).map(([q, assets]) => [
        `${QUERY}${encodeURIComponent(q)}`,
        (url: URL) =>
          assets === 'fail' || text(url) !== q ? apiError(500, 'INTERNAL_ERROR') : json(list(assets)),
      ]),
    ),
  });
}

const searchRequests = (fetchMock: ReturnType<typeof mockFetch>, text: string) =>
  requestsTo(fetchMock, `${QUERY}${encodeURIComponent(text)}`);
const suggestionRequests = (fetchMock: ReturnType<typeof mockFetch>, text: string) =>
  requestsTo(fetchMock, `${SUGGESTIONS}${encodeURIComponent(text)}`);

describe('search page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const setup = async (path = '/search') => {
    const view = renderApp(path);
    const box = await screen.findByRole('combobox', { name: 'Rechercher un programme' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    return { ...view, box, user };
  };

  test('one character shows the minimum message and asks nothing', async () => {
    const fetchMock = serve({ e: ETE }, { e: ['Été 85'] });
    const { box, user } = await setup();
    await user.type(box, 'e');
    await act(async () => vi.advanceTimersByTime(SUGGESTIONS_DEBOUNCE_MS * 2));
    expect(screen.getByRole('alert')).toHaveTextContent('Saisissez au moins 2 caractères.');
    await user.keyboard('{Enter}');
    expect(suggestionRequests(fetchMock, 'e')).toHaveLength(0);
    expect(searchRequests(fetchMock, 'e')).toHaveLength(0);
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  test('the box asks for capitals (shown upper case by CSS) and has the search landmark', async () => {
    serve();
    const { box } = await setup();
    expect(box.className).toMatch(/input/);
    expect(box).toHaveAttribute('autocapitalize', 'characters');
    expect(screen.getByRole('search')).toContainElement(box);
  });

  test('suggestions are asked 500 ms after typing, with the locale', async () => {
    const fetchMock = serve({}, { ete: ['Été 85', "L'Été indien"] });
    const { box, user } = await setup();
    await user.type(box, 'ete');
    await act(async () => vi.advanceTimersByTime(SUGGESTIONS_DEBOUNCE_MS - 100));
    expect(suggestionRequests(fetchMock, 'ete')).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(150));
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Été 85', "L'Été indien"]);
    const [request] = suggestionRequests(fetchMock, 'ete');
    expect(request?.searchParams.get('locale')).toBe('fr');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // only the last text is asked: "e" and "et" never were
    expect(suggestionRequests(fetchMock, 'et')).toHaveLength(0);
  });

  test('Enter shows the results grouped Film and Série, with the count and an analytics event', async () => {
    const event = vi.spyOn(analytics, 'searchResults');
    const fetchMock = serve({ ete: ETE });
    const { box, user, router } = await setup();
    await user.type(box, 'ete{Enter}');
    expect(await screen.findByRole('heading', { name: '3 résultats' })).toBeInTheDocument();
    const films = screen.getByRole('region', { name: 'Film' });
    const series = screen.getByRole('region', { name: 'Série' });
    expect(within(films).getAllByRole('article')).toHaveLength(2);
    expect(within(series).getByText("L'Été indien")).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=ete');
    const [request] = searchRequests(fetchMock, 'ete');
    expect(request?.searchParams.get('locale')).toBe('fr');
    expect(request?.searchParams.getAll('schemes')).toEqual(['keyword', 'subcategory', 'category', 'origin']);
    expect(event).toHaveBeenCalledWith('ete', 3);
    expect(screen.getByRole('combobox')).toHaveValue('ete');
  });

  test('Enter in an empty box clears the search', async () => {
    serve({ ete: ETE });
    const { box, user, router } = await setup('/search?q=ete');
    expect(await screen.findByRole('heading', { name: '3 résultats' })).toBeInTheDocument();
    expect(box).toHaveValue('ete');
    await user.clear(box);
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('heading', { name: /résultat/ })).not.toBeInTheDocument();
  });

  test('Escape and leaving the box clear the suggestions', async () => {
    serve({}, { ete: ['Été 85'] });
    const { box, user } = await setup();
    await user.type(box, 'ete');
    await act(async () => vi.advanceTimersByTime(SUGGESTIONS_DEBOUNCE_MS));
    expect(await screen.findByRole('option', { name: 'Été 85' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('ete');

    await user.type(box, 's');
    await user.type(box, '{Backspace}');
    await act(async () => vi.advanceTimersByTime(SUGGESTIONS_DEBOUNCE_MS));
    expect(await screen.findByRole('option', { name: 'Été 85' })).toBeInTheDocument();
    await user.tab();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  test('clicking a suggestion fills the box and searches it', async () => {
    const fetchMock = serve({ 'Été 85': [ETE[0]!] }, { ete: ['Été 85'] });
    const { box, user, router } = await setup();
    await user.type(box, 'ete');
    await act(async () => vi.advanceTimersByTime(SUGGESTIONS_DEBOUNCE_MS));
    await user.click(await screen.findByRole('option', { name: 'Été 85' }));
    expect(box).toHaveValue('Été 85');
    expect(await screen.findByRole('heading', { name: '1 résultat' })).toBeInTheDocument();
    expect(searchRequests(fetchMock, 'Été 85')).toHaveLength(1);
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('Été 85').replace(/%20/g, '+')}`);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  test('the arrow keys and Enter choose a suggestion', async () => {
    const fetchMock = serve({ "L'Été indien": [ETE[1]!] }, { ete: ['Été 85', "L'Été indien"] });
    const { box, user } = await setup();
    await user.type(box, 'ete');
    await act(async () => vi.advanceTimersByTime(SUGGESTIONS_DEBOUNCE_MS));
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: "L'Été indien" }).id,
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: '1 résultat' })).toBeInTheDocument();
    expect(searchRequests(fetchMock, "L'Été indien")).toHaveLength(1);
  });

  test('no results, and a failure, show the no-results text', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const event = vi.spyOn(analytics, 'searchResults');
    serve({ zzz: [], boom: 'fail' });
    const { box, user } = await setup('/search?q=zzz');
    expect(await screen.findByRole('heading', { name: '0 résultat' })).toBeInTheDocument();
    expect(screen.getByText('Aucun résultat ne correspond à votre recherche.')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'boom{Enter}');
    expect(await screen.findByText('Aucun résultat ne correspond à votre recherche.')).toBeInTheDocument();
    expect(event).toHaveBeenCalledWith('boom', 0);
    expect(error).toHaveBeenCalled();
  });

  test('back and forward restore the search from the URL', async () => {
    serve({ ete: ETE, 'un ete': [ETE[2]!] });
    const { box, user, router } = await setup('/search?q=ete');
    expect(await screen.findByRole('heading', { name: '3 résultats' })).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'un ete{Enter}');
    expect(await screen.findByRole('heading', { name: '1 résultat' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: '3 résultats' })).toBeInTheDocument();
    expect(box).toHaveValue('ete');
  });

  test('a restricted profile searches with its session (the server leaves out what is above its level); the main profile then gets its own public answer', async () => {
    useSessionStore.setState({
      token: 'session-kid',
      status: 'connected',
      profile: { externalId: 'kid', restricted: true, profileProperties: [{ name: 'PrLevel', value: '1' }] },
    });
    const fetchMock = serve({ ete: ETE });
    await setup('/search?q=ete');
    expect(await screen.findByRole('heading', { name: '3 résultats' })).toBeInTheDocument();
    const authorizations = () =>
      fetchMock.mock.calls
        .filter(([input]) => new URL(String(input), 'http://localhost').pathname === `${QUERY}ete`)
        .map(([, init]) => new Headers((init as RequestInit | undefined)?.headers).get('Authorization'));
    const asChild = authorizations();
    expect(asChild.length).toBeGreaterThan(0);
    expect(new Set(asChild)).toEqual(new Set(['Bearer session-kid']));

    // Switching to the main profile: its own search, not the child's cached one, and public.
    act(() => {
      useSessionStore.setState({
        token: 'session-main',
        profile: { externalId: 'main', owner: true, profileProperties: [] },
      });
    });
    await waitFor(() => expect(authorizations().slice(asChild.length)).toContain(null));
    expect(authorizations().slice(asChild.length)).not.toContain('Bearer session-main');
    useSessionStore.getState().logout();
  });
});

describe('search results grouped by kind', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const EVERY_KIND = [
    asset('film', 'MOVIE', 'Le Vent du Vieux-Port'),
    asset('chaine', 'TV_CHANNEL', 'Antenne Monde'),
    asset('serie', 'TV_SHOW', 'Rue Saint-Denis'),
    asset('episode', 'EPISODE', 'Le Départ'),
    asset('podcast', 'PODCAST', "Contes pour s'endormir"),
    asset('podcast-e1', 'PODCAST_EPISODE', "Contes pour s'endormir : le port"),
    asset('bande-annonce', 'CLIP', 'Bande-annonce : Le Vent du Vieux-Port'),
  ];

  test('every kind of title has its group, in a fixed order, and every kind is asked for', async () => {
    const fetchMock = serve({ 'le port': EVERY_KIND }, { 'le port': ['Le Vent du Vieux-Port'] });
    renderApp('/search?q=le+port');
    expect(await screen.findByRole('heading', { level: 2, name: '7 résultats' })).toBeInTheDocument();
    const groups = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(groups).toEqual([
      'Film',
      'Série',
      'Épisode',
      'Podcast',
      'Épisode de podcast',
      'Bande-annonce',
      'Chaîne',
    ]);
    expect(
      within(screen.getByRole('region', { name: 'Chaîne' })).getByText('Antenne Monde'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Podcast' })).getByText("Contes pour s'endormir"),
    ).toBeInTheDocument();
    const [request] = searchRequests(fetchMock, 'le port');
    expect(request?.searchParams.get('types')).toBe(
      'MOVIE,TV_SHOW,EPISODE,PODCAST,PODCAST_EPISODE,CLIP,TV_CHANNEL',
    );
  });

  test('both calls ask for the kinds the white-label config searches; the groups are translated', async () => {
    localStorage.setItem('lang-preference', 'ar');
    const configured = {
      ...structure,
      parameters: { ...structure.parameters, assetSearchTypes: 'PODCAST,TV_CHANNEL,LIVE_EVENT' },
    };
    const fetchMock = mockFetch({
      [startupPaths.structure]: () => json(configured),
      [`${QUERY}${encodeURIComponent('le port')}`]: () =>
        json(list(EVERY_KIND.filter((a) => a.type === 'TV_CHANNEL' || a.type === 'PODCAST'))),
      [`${SUGGESTIONS}${encodeURIComponent('le po')}`]: () => json([{ text: 'Antenne Monde' }]),
    });
    try {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      renderApp('/search?q=le+port');
      expect(await screen.findByRole('heading', { level: 3, name: 'قناة' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 3, name: 'بودكاست' })).toBeInTheDocument();
      const [request] = searchRequests(fetchMock, 'le port');
      expect(request?.searchParams.get('types')).toBe('PODCAST,TV_CHANNEL');
      const box = screen.getByRole('combobox');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.clear(box);
      await user.type(box, 'le po');
      await act(async () => vi.advanceTimersByTime(SUGGESTIONS_DEBOUNCE_MS));
      await screen.findByRole('option', { name: 'Antenne Monde' });
      expect(suggestionRequests(fetchMock, 'le po')[0]?.searchParams.get('types')).toBe('PODCAST,TV_CHANNEL');
    } finally {
      localStorage.removeItem('lang-preference');
      vi.useRealTimers();
    }
  });
});

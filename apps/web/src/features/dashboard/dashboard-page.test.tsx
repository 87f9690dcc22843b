import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { dashboardPaths, queryKeys, type DashboardReport } from '@antenne/contract';
import { apiError, config, json, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';
import { useSessionStore } from '../../state/session-store';

/** Today (UTC) on the test's clock. */
const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const REPORT = dashboardPaths.report(config);
const ACCESS = dashboardPaths.access(config);

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** A known report over the span asked: day i has 10 + i visitors, 30 + i page views, 5 + i plays. */
function reportOf(from: string, to: string): DashboardReport {
  const days = daysBetween(from, to);
  return {
    from,
    to,
    daily: days.map((day, i) => ({ day, visitors: 10 + i, pageViews: 30 + i, plays: 5 + i })),
    topTitles: [
      { assetId: 'film-a', title: 'Le Grand Départ', plays: 42 },
      { assetId: 'film-b', title: 'Nuit blanche', plays: 17 },
    ],
    topChannels: [{ channelId: 'channel-59', title: 'Antenne Monde', plays: 9 }],
    completion: { started: 200, p25: 150, p50: 100, p75: 60, p100: 20 },
    emptySearches: [{ query: 'zorro', count: 7 }],
    errors: days.map((day, i) => ({
      day,
      playbackErrors: i === days.length - 1 ? 3 : 0,
      crashes: i === 0 ? 2 : 0,
    })),
    crashes: [
      {
        fingerprint: 'fp-1',
        message: 'TypeError: x is undefined',
        route: '/details/vod/:id',
        release: '0.1.0',
        count: 4,
        firstSeen: '2026-11-21T08:00:00.000Z',
        lastSeen: '2026-11-23T09:30:00.000Z',
      },
    ],
    ads: {
      served: 400,
      impressions: 300,
      clicks: 12,
      viewableRate: 0.75,
      daily: days.map((day) => ({ day, served: 4, impressions: 3, clicks: 0 })),
    },
  };
}

const staffHandlers = () => ({
  [REPORT]: (url: URL) =>
    json(reportOf(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? '')),
  [ACCESS]: () => json({ staff: true }),
});

/** The cells of a table's rows (header cells included), header row first. */
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const dayCell = (day: string, locale = 'fr') =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

preloadPageBeforeAll('/dashboard');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  useSessionStore.setState({ token: 'session-token-1', user: { createdAt: Date.now() } });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the staff dashboard', () => {
  test('asks the last 30 days and each chart has a table with the same numbers', async () => {
    const fetchMock = mockFetch(staffHandlers());
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument();
    const audience = await screen.findByRole('table', { name: 'Audience quotidienne' });
    const asked = requestsTo(fetchMock, REPORT)[0];
    expect([asked?.searchParams.get('from'), asked?.searchParams.get('to')]).toEqual([
      '2026-10-25',
      '2026-11-23',
    ]);
    expect(asked).toBeDefined();

    const rows = cellsOf(audience);
    expect(rows[0]).toEqual(['Jour', 'Visiteurs', 'Pages vues', 'Lectures']);
    expect(rows).toHaveLength(31);
    expect(rows[1]).toEqual([dayCell('2026-10-25'), '10', '30', '5']);
    expect(rows[30]).toEqual([dayCell('2026-11-23'), '39', '59', '34']);

    expect(cellsOf(screen.getByRole('table', { name: 'Titres les plus lus' })).slice(1)).toEqual([
      ['Le Grand Départ', '42'],
      ['Nuit blanche', '17'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Chaînes les plus regardées' })).slice(1)).toEqual([
      ['Antenne Monde', '9'],
    ]);
    // Percentages as Intl writes them in French ("25 %", with its narrow no-break space).
    const pct = (ratio: number) => new Intl.NumberFormat('fr', { style: 'percent' }).format(ratio);
    expect(cellsOf(screen.getByRole('table', { name: 'Complétion des lectures' })).slice(1)).toEqual([
      ['Démarrées', '200', pct(1)],
      [`${pct(0.25)} vus`, '150', pct(0.75)],
      [`${pct(0.5)} vus`, '100', pct(0.5)],
      [`${pct(0.75)} vus`, '60', pct(0.3)],
      [`${pct(1)} vus`, '20', pct(0.1)],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Recherches sans résultat' })).slice(1)).toEqual([
      ['zorro', '7'],
    ]);

    const errors = cellsOf(screen.getByRole('table', { name: 'Erreurs et plantages par jour' }));
    expect(errors[0]).toEqual(['Jour', 'Erreurs de lecture', 'Plantages']);
    expect(errors[1]).toEqual([dayCell('2026-10-25'), '0', '2']);
    expect(errors[30]).toEqual([dayCell('2026-11-23'), '3', '0']);
    expect(cellsOf(screen.getByRole('table', { name: 'Publicités par jour' }))[1]).toEqual([
      dayCell('2026-10-25'),
      '4',
      '3',
      '0',
    ]);

    // The ads' totals, the viewable rate as a percentage.
    const ads = screen.getByRole('region', { name: 'Publicités' });
    expect(within(ads).getByText('Impressions visibles').nextSibling).toHaveTextContent('300');
    expect(within(ads).getByText('Taux de visibilité').nextSibling?.textContent).toBe(pct(0.75));

    const crashes = cellsOf(screen.getByRole('table', { name: 'Plantages signalés' }));
    expect(crashes[0]).toEqual(['Message', 'Page', 'Version', 'Nombre', 'Première fois', 'Dernière fois']);
    expect(crashes[1]?.slice(0, 4)).toEqual(['TypeError: x is undefined', '/details/vod/:id', '0.1.0', '4']);
    expect(crashes[1]?.[5]).toContain('2026');

    // Each section is headed (h2) and its chart is a picture beside its table.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Audience quotidienne',
      'Titres les plus lus',
      'Chaînes les plus regardées',
      'Complétion des lectures',
      'Recherches sans résultat',
      'Publicités',
      'Publicités par jour',
      'Erreurs et plantages par jour',
      'Plantages signalés',
    ]);
    const audienceSection = screen.getByRole('region', { name: 'Audience quotidienne' });
    expect(audienceSection.querySelectorAll('svg path')).toHaveLength(2);
  });

  test('"show table" lays the table out in place of the chart, and hides it again', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockFetch(staffHandlers());
    renderApp('/dashboard');
    const section = await screen.findByRole('region', { name: 'Titres les plus lus' });
    const table = within(section).getByRole('table', { name: 'Titres les plus lus' });
    expect(table.parentElement).toHaveClass('visually-hidden');
    expect(section.querySelector('[aria-hidden="true"] ul')).not.toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Afficher le tableau' }));
    expect(table.parentElement).not.toHaveClass('visually-hidden');
    expect(section.querySelector('[aria-hidden="true"]')).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Masquer le tableau' }));
    expect(table.parentElement).toHaveClass('visually-hidden');
  });

  test('choosing another span asks the report again for it', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = mockFetch(staffHandlers());
    renderApp('/dashboard');
    await screen.findByRole('table', { name: 'Audience quotidienne' });
    expect(screen.getByRole('radio', { name: '30 derniers jours' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: '7 derniers jours' }));
    await waitFor(() => expect(requestsTo(fetchMock, REPORT)).toHaveLength(2));
    const asked = requestsTo(fetchMock, REPORT)[1];
    expect([asked?.searchParams.get('from'), asked?.searchParams.get('to')]).toEqual([
      '2026-11-17',
      '2026-11-23',
    ]);
    await waitFor(() =>
      expect(cellsOf(screen.getByRole('table', { name: 'Audience quotidienne' }))).toHaveLength(8),
    );
    expect(screen.getByText(/du 17 novembre 2026 au 23 novembre 2026/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '90 derniers jours' }));
    await waitFor(() => expect(requestsTo(fetchMock, REPORT)).toHaveLength(3));
    expect(requestsTo(fetchMock, REPORT)[2]?.searchParams.get('from')).toBe('2026-08-26');
  });

  test('an account without the staff role is told it is not allowed (the server’s 403)', async () => {
    const fetchMock = mockFetch({
      [REPORT]: () => apiError(403, 'FORBIDDEN'),
      [ACCESS]: () => json({ staff: false }),
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Le tableau de bord est réservé au personnel de la chaîne : votre compte n'a pas ce rôle.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // A refusal is not retried.
    expect(requestsTo(fetchMock, REPORT)).toHaveLength(1);
  });

  test('a visitor is sent to sign in, and nothing is asked', async () => {
    useSessionStore.setState({ token: null, user: null });
    const fetchMock = mockFetch(staffHandlers());
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requestsTo(fetchMock, REPORT)).toHaveLength(0);
  });

  test('in Arabic: the page is right to left, its words and numbers in Arabic', async () => {
    mockFetch(staffHandlers());
    renderApp('/dashboard', { locale: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة المتابعة' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    const titles = await screen.findByRole('table', { name: 'العناوين الأكثر تشغيلاً' });
    expect(cellsOf(titles)[1]).toEqual(['Le Grand Départ', new Intl.NumberFormat('ar').format(42)]);
    expect(cellsOf(screen.getByRole('table', { name: 'الجمهور اليومي' }))[1]?.[0]).toBe(
      dayCell('2026-10-25', 'ar'),
    );
  });
});

describe('the dashboard’s entry in the settings', () => {
  test('a staff account finds the link to the dashboard', async () => {
    mockFetch(staffHandlers());
    renderApp('/settings');
    expect(await screen.findByRole('link', { name: 'Tableau de bord du personnel' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  test('another account does not', async () => {
    const fetchMock = mockFetch({ [ACCESS]: () => json({ staff: false }) });
    const { queryClient } = renderApp('/settings');
    await screen.findByRole('radiogroup', { name: "Langue de l'interface" });
    // The answer is in: the page has drawn with it.
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.dashboardAccess('session-token-1'))?.status).toBe('success'),
    );
    expect(requestsTo(fetchMock, ACCESS)).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Tableau de bord du personnel' })).not.toBeInTheDocument();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { epgPaths, paths, type ComponentReference } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { config, json, mockFetch, requestsTo } from '../../../test/fetch-mock';
import { CHANNELS, epgHandlers, NOW } from '../../../test/epg-fixtures';

/** The home page's "Les chaînes en direct" lane: TV_CHANNEL cards with what each airs now. */

const reference: ComponentReference = {
  type: 'ComponentReference',
  appType: 'carousel',
  referenceId: 'home-chaines',
  referenceUrl: paths.wlComponent(config, 'home-chaines'),
};

function serve() {
  return mockFetch({
    ...epgHandlers(),
    [paths.wlComponent(config, 'home')]: () =>
      json({
        type: 'Component',
        id: 'home',
        appType: 'page',
        presentation: { fallback: { title: 'Accueil' } },
        components: { pageBody: [reference] },
      }),
    [paths.wlComponent(config, 'home-chaines')]: () =>
      json({
        type: 'Component',
        id: 'home-chaines',
        appType: 'carousel',
        presentation: { fallback: { title: 'Les chaînes en direct' } },
        contentUrl: { type: 'Query', url: `${paths.assets(config)}?assetType=TV_CHANNEL` },
      }),
    [paths.assets(config)]: () =>
      json({ items: CHANNELS, totalCount: CHANNELS.length, pageNumber: 1, pageSize: 10 }),
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the channels lane', () => {
  test('each channel card shows the programme on now with its progress, which moves with the clock', async () => {
    const fetchMock = serve();
    renderApp('/');
    const lane = await screen.findByRole('region', { name: 'Les chaînes en direct' });
    expect(await within(lane).findByText('En ce moment : monde 03-10 20:00')).toBeInTheDocument();
    expect(within(lane).getByText('En ce moment : info 03-10 19:30')).toBeInTheDocument();
    const monde = within(lane).getByRole('progressbar', { name: 'Avancement de monde 03-10 20:00' });
    // 20:15 into 20:00–21:00.
    expect(monde).toHaveAttribute('aria-valuenow', '25');
    // 45 of Info's 90 minutes (19:30–21:00).
    expect(within(lane).getByRole('progressbar', { name: /info 03-10 19:30/ })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    // One on-now call for every card.
    expect(requestsTo(fetchMock, epgPaths.onNow(config))).toHaveLength(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(15 * 60_000);
    });
    await waitFor(() =>
      expect(
        within(lane).getByRole('progressbar', { name: 'Avancement de monde 03-10 20:00' }),
      ).toHaveAttribute('aria-valuenow', '50'),
    );
  });

  test("the lane's header leads to the guide", async () => {
    serve();
    renderApp('/');
    const lane = await screen.findByRole('region', { name: 'Les chaînes en direct' });
    expect(await within(lane).findByRole('link', { name: /^Guide TV/ })).toHaveAttribute('href', '/guide');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { displayAdPaths, type DisplayAd } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { config, json, requestsTo } from '../../../test/fetch-mock';
import { CONSENT_COOKIE, consentCookieValue } from '../../lib/analytics/consent';
import { film, serve, setUpDetailsTests } from './vod-details-test-helpers';

setUpDetailsTests();

const DECISION = displayAdPaths.decision(config);
const cinemaAd: DisplayAd = {
  adId: 'promo-cinema',
  slot: 'middle',
  size: 'medium',
  width: 300,
  height: 250,
  imageUrl: '/v2/customer/antenne/businessunit/web/ads/display/creative/promo-cinema/300x250.svg?lang=fr',
  clickUrl: '/search',
  altText: 'Antenne Cinéma : le cinéma francophone',
  adUnit: '/antenne/antenne-web-b/details/middle',
  siteName: 'antenne-web-b',
  impressionUrl: '/v2/customer/antenne/businessunit/web/ads/display/track?event=impression',
  clickTrackingUrl: '/v2/customer/antenne/businessunit/web/ads/display/track?event=click',
};

describe('VOD details: the middle ad slot', () => {
  test('with advertising consent it asks for the details page and the title’s category, and shows the ad', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(['advertising'])}; path=/`;
    const fetchMock = serve([film], [], { [DECISION]: () => json({ ad: cinemaAd }) });
    renderApp('/details/vod/film-ete-a-dakar');
    const link = await screen.findByRole('link', { name: /le cinéma francophone/ });
    expect(link.querySelector('img')).toHaveAttribute('height', '250');
    const [asked] = requestsTo(fetchMock, DECISION);
    expect(asked?.searchParams.get('slot')).toBe('middle');
    expect(asked?.searchParams.get('page')).toBe('details');
    expect(asked?.searchParams.get('category')).toBe('category:cinema');
  });

  test('without advertising consent there is no slot and no request', async () => {
    const fetchMock = serve([film], [], { [DECISION]: () => json({ ad: cinemaAd }) });
    renderApp('/details/vod/film-ete-a-dakar');
    await screen.findByRole('heading', { level: 1, name: "L'Été à Dakar" });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Regarder' })).toBeInTheDocument());
    expect(document.querySelector('[data-ad-slot]')).toBeNull();
    expect(requestsTo(fetchMock, DECISION)).toHaveLength(0);
  });
});

import { vi } from 'vitest';
import ar from '../public/locales/ar.json';
import de from '../public/locales/de.json';
import en from '../public/locales/en.json';
import es from '../public/locales/es.json';
import fr from '../public/locales/fr.json';
import {
  paths,
  type ConfigWeb,
  type ContractCountries,
  type LocationFilters,
  type ProviderItem,
  type WlConfig,
} from '@antenne/contract';

/** A JSON answer as the server gives it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The one error body of the API. */
export function apiError(httpCode: number, message: string): Response {
  return json({ httpCode, message }, httpCode);
}

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export const config: ConfigWeb = {
  customer: 'antenne',
  businessUnit: 'web',
  exposureBaseUrl: '',
  version: '0.1.0',
  design: {
    theme: {
      standard: {
        textColor: '#ffffff',
        backgroundColor: '#101820',
        primaryColor: '#00a19a',
        secondaryColor: '#0a1f44',
        logo: '/images/logo.svg',
      },
      custom: { homeMenu: { backgroundColor: '#0a1f44', highlightColor: '#00a19a' } },
    },
  },
  swimlanes: { maxItems: 10, viewabilityThreshold: 0.95 },
  avatars: [],
  provider: { enabled: false, helpUrl: '', providers: [] },
  analytics: { enabled: false, url: '' },
};

export const contractCountries: ContractCountries = [
  { id: 'channel-59', allowedCountries: ['FR', 'BE', 'CH'] },
];

/** The filters answer; an unknown location (null) is the default country with locationKnown false, as the server says. */
export const locationFilters = (countryCode: string | null): LocationFilters => ({
  locationKnown: countryCode !== null,
  countryCode: countryCode ?? 'FR',
  filters: [{ type: 'DEVICE', value: 'WEB' }],
});

export const structure: WlConfig = {
  id: 'sandwich',
  customer: 'antenne',
  businessUnit: 'web',
  name: 'Sandwich',
  created: '2026-01-01T00:00:00Z',
  changed: '2026-01-01T00:00:00Z',
  presentation: { fallback: { title: 'Antenne' } },
  components: {
    homePage: [
      {
        type: 'page',
        appType: 'page',
        referenceId: 'home',
        referenceUrl: '/v2/whitelabel/.../component/home',
      },
    ],
    menu: [],
    footer: [],
  },
  parameters: { email: 'contact@antenne.example' },
  theme: {},
};

export const startupPaths = {
  config: paths.configWeb(),
  configFallback: paths.configFallback(),
  contractCountries: paths.contractCountries(),
  filters: paths.filters(config),
  structure: paths.wlConfig(config),
};

const locales: Record<string, unknown> = { ar, de, en, es, fr };

/** public/locales/{lng}.json as the server serves it. */
function locale(url: URL): Response {
  const resources = locales[url.pathname.replace(/^\/locales\/|\.json$/g, '')];
  return resources ? json(resources) : new Response('Not found', { status: 404 });
}

/** The answers of a healthy server at startup, in France. */
export function startupHandlers(): Record<string, Handler> {
  return {
    [startupPaths.config]: () => json(config),
    [startupPaths.configFallback]: () => json(config),
    [startupPaths.contractCountries]: () => json(contractCountries),
    [startupPaths.filters]: () => json(locationFilters('FR')),
    [startupPaths.structure]: () => json(structure),
  };
}

/** The US pay-TV providers of the tests: the server's test distributor (same origin), and another. */
export const tvProviders: ProviderItem[] = [
  {
    ID: 'antenne-test',
    displayName: 'Antenne Test Cable',
    logoURL: '/tv-providers/antenne-test/logo.svg',
    loginURL: '/tv-providers/antenne-test/sign-in',
  },
  {
    ID: 'far-cable',
    displayName: 'Far Cable',
    logoURL: 'https://far-cable.example/logo.png',
    loginURL: 'https://far-cable.example/sign-in',
  },
];

/** The config with the US pay-TV provider sign-in switched on. */
export const payTvConfig: ConfigWeb = {
  ...config,
  provider: { enabled: true, helpUrl: 'https://help.antenne.example/tv-providers', providers: tvProviders },
};

/** The startup answers for a visitor in the United States, with `provider` (the pay-TV providers on by default). */
export function usStartupHandlers(
  provider: ConfigWeb['provider'] = payTvConfig.provider,
): Record<string, Handler> {
  const usConfig = { ...config, provider };
  return {
    [startupPaths.config]: () => json(usConfig),
    [startupPaths.configFallback]: () => json(usConfig),
    [startupPaths.filters]: () => json(locationFilters('US')),
  };
}

/**
 * Replaces the global fetch: answers by path from `handlers` (over the healthy startup
 * answers), serves /locales/*.json from public/, and 404s the rest with the API's body.
 */
export function mockFetch(handlers: Record<string, Handler> = {}) {
  const all = { ...startupHandlers(), ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const handler = all[url.pathname];
    if (handler) return handler(url, init);
    if (url.pathname.startsWith('/locales/')) return locale(url);
    return apiError(404, 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs fetched so far whose path is `path`. */
export function requestsTo(fetchMock: ReturnType<typeof mockFetch>, path: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
}

/** A promise with its resolve, to hold an answer until the test lets it through. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

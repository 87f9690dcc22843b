import {
  DEFAULT_COUNTRY,
  paths,
  type Component,
  type ComponentReference,
  type ConfigWeb,
  type LocationFilters,
  type WlConfig,
} from '@antenne/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The startup answers embedded in index.html, so that the first screen needs no API round trip
 * (on a phone on 4G each one costs ~150 ms; a home page is otherwise 25+ calls). The server asks
 * itself, through `inject`, the very calls the web app makes at startup — config, contract
 * countries, location filters, structure, the menu and footer components — and, for the home page, the home component, its first
 * blocks' components and the items of the lanes a visitor sees; the web app seeds its query cache
 * with them under the same keys (apps/web/src/app/bootstrap.ts), and every later call is unchanged.
 */

export const BOOTSTRAP_ELEMENT_ID = 'antenne-bootstrap';
/** Blocks of the home body embedded: the hero and the lanes within reach of the first screen. */
export const BOOTSTRAP_HOME_BLOCKS = 6;

export interface BootstrapQuery {
  /** The web app's query key (apps/web/src/api). */
  key: unknown[];
  data: unknown;
}

export interface Bootstrap {
  version: 1;
  queries: BootstrapQuery[];
  /** The first hero image, preloaded with a high priority. */
  heroImage?: string;
}

/** The web app's default filter when the filters answer has none (apps/web/src/api/use-startup.ts). */
const WEB_DEVICE_FILTER = 'DEVICE:WEB';

export async function buildBootstrap(app: FastifyInstance, request: FastifyRequest, pathname: string): Promise<Bootstrap> {
  const queries: BootstrapQuery[] = [];
  const get = async <T>(url: string, query: Record<string, string> = {}): Promise<T | undefined> => {
    const response = await app.inject({ method: 'GET', url, query: { ...query, client: 'json' }, remoteAddress: request.ip });
    return response.statusCode === 200 ? (response.json() as T) : undefined;
  };

  const [config, contractCountries] = await Promise.all([
    get<ConfigWeb>(paths.configWeb()),
    get<unknown>(paths.contractCountries()),
  ]);
  if (config === undefined) return { version: 1, queries };
  queries.push({ key: ['config'], data: config });
  if (contractCountries !== undefined) queries.push({ key: ['contractCountries'], data: contractCountries });

  const filters = await get<LocationFilters>(paths.filters(config));
  if (filters === undefined) return { version: 1, queries };
  queries.push({ key: ['locationFilters'], data: filters });
  const country = filters.locationKnown && filters.countryCode ? filters.countryCode : DEFAULT_COUNTRY;
  const joined = (filters.filters ?? []).map(({ type, value }) => `${type}:${value}`).join(',') || WEB_DEVICE_FILTER;
  const wlQuery = { paymentMethodPreview: 'false', filters: joined, allowedCountry: country };

  const structure = await get<WlConfig>(paths.wlConfig(config), wlQuery);
  if (structure === undefined) return { version: 1, queries };
  queries.push({ key: ['structure', { filters: joined, allowedCountry: country }], data: structure });

  // Every page's shell: the burger menu's and the footer's components.
  const component = (id: string) => get<Component>(paths.wlComponent(config, id), wlQuery);
  const shellIds = [structure.components.menu?.[0]?.referenceId, structure.components.footer?.[0]?.referenceId].filter(
    (id): id is string => id !== undefined,
  );
  for (const [id, answer] of await Promise.all(shellIds.map(async (id) => [id, await component(id)] as const))) {
    if (answer !== undefined) queries.push({ key: ['component', id, country], data: answer });
  }
  if (pathname !== '/') return { version: 1, queries };

  // The home page: its component, its first blocks, and the items of the lanes a visitor sees.
  const homeId = structure.components.homePage?.[0]?.referenceId;
  const home = homeId === undefined ? undefined : await component(homeId);
  if (home === undefined || homeId === undefined) return { version: 1, queries };
  queries.push({ key: ['component', homeId, country], data: home });

  const body = ((home.components?.pageBody ?? []) as ComponentReference[]).filter((b) => b.appType === 'herobanner' || b.appType === 'carousel');
  const blocks = body.filter((b, i) => b.appType !== 'herobanner' || body.findIndex((x) => x.appType === 'herobanner') === i).slice(0, BOOTSTRAP_HOME_BLOCKS);
  let heroImage: string | undefined;
  await Promise.all(
    blocks.map(async (block) => {
      const answer = await component(block.referenceId);
      if (answer === undefined) return;
      queries.push({ key: ['component', block.referenceId, country], data: answer });
      if (block.appType === 'herobanner') heroImage = firstHeroImage(answer);
      const url = answer.contentUrl?.url;
      // Personal lanes (continue watching, favourites) are a visitor's sign-in card: nothing to fetch.
      if (url === undefined || block.hasAuthorizedContent === true || answer.contentUrl?.authorized === true) return;
      const parsed = new URL(url, 'http://x');
      const items = await get<unknown>(parsed.pathname, {
        ...Object.fromEntries(parsed.searchParams),
        onlyPublished: 'true',
        allowedCountry: country,
      });
      // The web app's key for a visitor: no token, no page size (apps/web/src/api/get-assets.ts).
      if (items !== undefined) queries.push({ key: ['content', url, country, null, null], data: items });
    }),
  );
  return { version: 1, queries, ...(heroImage === undefined ? {} : { heroImage }) };
}

/** The image the hero banner shows first (apps/web/src/components/hero/hero-banner.tsx). */
function firstHeroImage(hero: Component): string | undefined {
  const item = (hero.components?.heroBannerItems ?? [])[0] as { presentation?: { fallback?: { images?: { url: string; tags?: string[]; orientation?: string }[] } } } | undefined;
  const images = item?.presentation?.fallback?.images ?? [];
  return (images.find((i) => i.tags?.includes('background')) ?? images.find((i) => i.orientation === 'LANDSCAPE') ?? images[0])?.url;
}

/** JSON safe inside a <script> element: no "</script>", no HTML comment opener, no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** index.html with the bootstrap (and the hero image's preload) before </head>. */
export function withBootstrap(indexHtml: string, bootstrap: Bootstrap): string {
  const at = indexHtml.indexOf('</head>');
  if (at === -1) return indexHtml;
  const preload =
    bootstrap.heroImage === undefined
      ? ''
      : `<link rel="preload" as="image" fetchpriority="high" href="${attribute(`${bootstrap.heroImage}?w=1280`)}" imagesrcset="${attribute(
          [640, 1280, 1920].map((w) => `${bootstrap.heroImage}?w=${w} ${w}w`).join(', '),
        )}" imagesizes="100vw">\n`;
  const script = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${scriptSafeJson(bootstrap)}</script>\n`;
  return `${indexHtml.slice(0, at)}${preload}${script}${indexHtml.slice(at)}`;
}

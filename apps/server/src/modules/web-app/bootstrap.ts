import {
  AssetListQuerySchema,
  AssetListSchema,
  ComponentSchema,
  ConfigWebSchema,
  ContractCountriesSchema,
  heroImage,
  LocationFiltersSchema,
  paths,
  queryKeys,
  resolveLocation,
  structureParamsOf,
  WL_CONFIG_ID,
  WlConfigSchema,
  type AssetListQuery,
  type Component,
  type ComponentReference,
  type HeroBannerItem,
  type WlImage,
} from '@antenne/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { assertTenant, type Tenant } from '../../lib/business-unit.js';
import { ApiError } from '../../lib/errors.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { WhitelabelService } from '../whitelabel/index.js';

/**
 * The startup answers embedded in index.html, so that the first screen needs no API round trip
 * (on a phone on 4G each one costs ~150 ms; a home page is otherwise 25+ calls). The server reads,
 * in-process from the services the routes use, the very answers of the calls the web app makes at
 * startup — config, contract countries, location filters, structure, the menu and footer
 * components — and, for the home page, the home component, its first blocks' components and the
 * items of the lanes a visitor sees. Each answer goes through its route's response schema, so it
 * is byte for byte what the HTTP call answers (test/web-app-bootstrap.test.ts compares them); the
 * web app seeds its query cache with them under the same keys (the contract's queryKeys;
 * apps/web/src/app/bootstrap.ts), and every later call is unchanged.
 */

export const BOOTSTRAP_ELEMENT_ID = 'antenne-bootstrap';
/** Blocks of the home body embedded: the hero and the lanes within reach of the first screen. */
export const BOOTSTRAP_HOME_BLOCKS = 6;

export interface BootstrapQuery {
  /** The web app's query key (the contract's queryKeys). */
  key: readonly unknown[];
  data: unknown;
}

export interface Bootstrap {
  version: 1;
  queries: BootstrapQuery[];
  /** The first hero image, preloaded with a high priority. */
  heroImage?: string;
}

/** The services the bootstrap reads (built once in app.ts, shared with the routes). */
export interface BootstrapServices {
  tenant: Tenant;
  whitelabel: WhitelabelService;
  catalogue: CatalogueService;
}

export async function buildBootstrap(
  services: BootstrapServices,
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
): Promise<Bootstrap> {
  const { tenant, whitelabel, catalogue } = services;
  const queries: BootstrapQuery[] = [];
  /**
   * The answer as its route serialises it (same schema, same serialiser: same fields, same order),
   * or undefined where the route would answer an error.
   */
  const read = async <T>(schema: TSchema, compute: () => T | Promise<T>): Promise<T | undefined> => {
    try {
      const value = await compute();
      return JSON.parse(reply.compileSerializationSchema(schema as never, '200')(value as never)) as T;
    } catch (error) {
      if (!(error instanceof ApiError) || error.httpCode >= 500)
        request.log.warn({ err: error }, 'bootstrap: a startup answer failed');
      return undefined;
    }
  };

  const [config, contractCountries] = await Promise.all([
    read(ConfigWebSchema, () => whitelabel.webConfig()),
    read(ContractCountriesSchema, () => whitelabel.contractCountries()),
  ]);
  if (config === undefined) return { version: 1, queries };
  queries.push({ key: queryKeys.config(), data: config });
  if (contractCountries !== undefined)
    queries.push({ key: queryKeys.contractCountries(), data: contractCountries });

  // The paths the web app builds from the config name this server's tenant, or answer 404.
  const filters = await read(LocationFiltersSchema, () => {
    assertTenant(tenant, config);
    return whitelabel.filters(request.ip, request.headers['user-agent']);
  });
  if (filters === undefined) return { version: 1, queries };
  queries.push({ key: queryKeys.locationFilters(), data: filters });
  const location = resolveLocation(filters);
  const country = location.country;

  const structure = await read(WlConfigSchema, () => whitelabel.config(WL_CONFIG_ID));
  if (structure === undefined) return { version: 1, queries };
  queries.push({ key: queryKeys.structure(structureParamsOf(location)), data: structure });

  // Every page's shell: the burger menu's and the footer's components.
  const component = (id: string) =>
    read(ComponentSchema, () => whitelabel.component(WL_CONFIG_ID, id)) as Promise<Component | undefined>;
  const shellIds = [
    structure.components.menu?.[0]?.referenceId,
    structure.components.footer?.[0]?.referenceId,
  ].filter((id): id is string => id !== undefined);
  for (const [id, answer] of await Promise.all(
    shellIds.map(async (id) => [id, await component(id)] as const),
  )) {
    if (answer !== undefined) queries.push({ key: queryKeys.component(id, country), data: answer });
  }
  if (pathname !== '/') return { version: 1, queries };

  // The home page: its component, its first blocks, and the items of the lanes a visitor sees.
  const homeId = structure.components.homePage?.[0]?.referenceId;
  const home = homeId === undefined ? undefined : await component(homeId);
  if (home === undefined || homeId === undefined) return { version: 1, queries };
  queries.push({ key: queryKeys.component(homeId, country), data: home });

  const body = ((home.components?.pageBody ?? []) as ComponentReference[]).filter(
    (b) => b.appType === 'herobanner' || b.appType === 'carousel',
  );
  const blocks = body
    .filter((b, i) => b.appType !== 'herobanner' || body.findIndex((x) => x.appType === 'herobanner') === i)
    .slice(0, BOOTSTRAP_HOME_BLOCKS);
  // Read together, embedded in the body's order: each block's component, then its lane's items.
  const embedded = await Promise.all(
    blocks.map(async (block): Promise<BootstrapQuery[]> => {
      const answer = await component(block.referenceId);
      if (answer === undefined) return [];
      const found: BootstrapQuery[] = [
        { key: queryKeys.component(block.referenceId, country), data: answer },
      ];
      const url = answer.contentUrl?.url;
      // Personal lanes (continue watching, favourites) are a visitor's sign-in card: nothing to fetch.
      if (url === undefined || block.hasAuthorizedContent === true || answer.contentUrl?.authorized === true)
        return found;
      const items = await laneItems(url, country);
      // The web app's key for a visitor's lane: no token, no page size (apps/web/src/api/get-assets.ts).
      if (items !== undefined)
        found.push({ key: queryKeys.content(answer.contentUrl, country, null), data: items });
      return found;
    }),
  );
  queries.push(...embedded.flat());
  const hero = blocks.findIndex((block) => block.appType === 'herobanner');
  const heroAnswer = hero === -1 ? undefined : embedded[hero]?.[0]?.data;
  const heroImageUrl = heroAnswer === undefined ? undefined : firstHeroImage(heroAnswer as Component);
  return { version: 1, queries, ...(heroImageUrl === undefined ? {} : { heroImage: heroImageUrl }) };

  /** A lane's items, asked as the web app asks them: its URL plus onlyPublished and allowedCountry. */
  async function laneItems(url: string, allowedCountry: string): Promise<unknown> {
    const parsed = new URL(url, 'http://x');
    const query = {
      ...Object.fromEntries(parsed.searchParams),
      onlyPublished: 'true',
      allowedCountry,
      client: 'json',
    };
    // This tenant's asset list is answered in-process; any other path as the router answers it.
    if (parsed.pathname !== paths.assets(tenant)) return otherLane(parsed.pathname, query);
    return read(AssetListSchema, async () => {
      // The route's own query validation: the same coercions (numbers, arrays) and defaults.
      const valid = request.compileValidationSchema(AssetListQuerySchema as never, 'querystring');
      if (!valid(query)) throw new ApiError(400, 'BAD_REQUEST', 'lane query refused');
      return catalogue.listAssets(await catalogue.snapshot(), query as unknown as AssetListQuery);
    });
  }

  /**
   * A lane whose URL is not the catalogue's asset list (none in the demo; a broadcaster's structure
   * may point elsewhere): asked through the router, as before the in-process reads.
   */
  async function otherLane(path: string, query: Record<string, string>): Promise<unknown> {
    const response = await request.server.inject({
      method: 'GET',
      url: path,
      query,
      remoteAddress: request.ip,
    });
    return response.statusCode === 200 ? response.json() : undefined;
  }
}

/** The image the hero banner shows first (apps/web/src/components/hero/hero-banner.tsx). */
function firstHeroImage(hero: Component): string | undefined {
  // Stored JSON: the item's presentation may lack its fallback.
  const item = (hero.components?.heroBannerItems ?? [])[0] as
    | (Omit<HeroBannerItem, 'presentation'> & { presentation?: { fallback?: { images?: WlImage[] } } })
    | undefined;
  return heroImage(item?.presentation?.fallback?.images)?.url;
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

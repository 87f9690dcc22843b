import {
  type Component,
  ComponentSchema,
  ConfigWebSchema,
  ContractCountriesSchema,
  ErrorBodySchema,
  LocationFiltersSchema,
  WlConfigQuerySchema,
  WlConfigSchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { DatabaseHandle } from '../../db/database.js';
import { assertTenant, type Tenant } from '../../lib/business-unit.js';
import { deviceGroupOf } from '../../lib/device-group.js';
import { ApiError } from '../../lib/errors.js';
import { locate } from '../../lib/geo.js';
import { cachedAnswer, NotModifiedSchema, personalHeaders, sendAnswer, type AnswerStore, type PublicAnswer } from '../../lib/http-cache.js';
import type { VersionedCache } from '../../lib/versioned-cache.js';
import { findComponent, findWebConfig, findWlConfig, listContractCountries } from './repository.js';

export interface WhitelabelRoutesOptions {
  database: DatabaseHandle;
  tenant: Tenant;
  /** Config, components and their serialised answers; emptied when the catalogue version changes. */
  cache: VersionedCache;
  /**
   * A restricted profile (its bearer session) does not see the hero items of titles above its
   * parental level (ADR 0012): the level of the request's profile (undefined: visitor or
   * unrestricted), and which titles are within a level.
   */
  parental?: {
    viewerLevel: (request: FastifyRequest) => Promise<string | undefined>;
    titlesWithinLevel: (level: string) => Promise<(assetId: string) => boolean>;
  };
}

const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });
const ConfigParams = Type.Object({ customer: Type.String(), businessUnit: Type.String(), configId: Type.String() });
const ComponentParams = Type.Object({
  customer: Type.String(),
  businessUnit: Type.String(),
  configId: Type.String(),
  componentId: Type.String(),
});

const WL = '/v2/whitelabel/customer/:customer/businessunit/:businessUnit';

/**
 * The startup calls: web config, contract countries, location filters, and the white-label
 * structure (sandwich config and its components). Unchanging between catalogue versions, so
 * answers come from the per-process cache.
 */
export const whitelabelRoutes: FastifyPluginAsyncTypebox<WhitelabelRoutesOptions> = async (app, { database, tenant, cache, parental }) => {
  const { db } = database;

  const webConfig = async () => {
    const config = await cache.get('web-config', () => findWebConfig(db, tenant));
    if (config === undefined) throw new ApiError(404, 'NOT_FOUND', 'no web configuration');
    return config;
  };
  const webConfigSchema = { tags: ['whitelabel'], response: { 200: ConfigWebSchema, 404: ErrorBodySchema } };
  app.get('/config/config_web.json', { schema: { ...webConfigSchema, summary: 'Web client configuration' } }, webConfig);
  app.get('/config.json', { schema: { ...webConfigSchema, summary: 'Web client configuration (fallback path)' } }, webConfig);

  app.get(
    '/contracts-countries.json',
    { schema: { tags: ['whitelabel'], summary: 'Countries allowed by each contract', response: { 200: ContractCountriesSchema } } },
    () => cache.get('contract-countries', () => listContractCountries(db)),
  );

  app.get(
    `${WL}/filters`,
    {
      schema: {
        tags: ['whitelabel'],
        summary: "Filters for the config calls (device group) and the caller's location",
        params: TenantParams,
        response: { 200: LocationFiltersSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      assertTenant(tenant, request.params);
      reply.header('vary', 'User-Agent');
      return {
        ...locate(request.ip),
        filters: [{ type: 'DEVICE', value: deviceGroupOf(request.headers['user-agent']) }],
      };
    },
  );

  /** ETag/Cache-Control on a public structure answer, 304 when current, else the body serialised once per version. */
  async function cachedPublic(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) {
    // One cache for the objects and the answers: a version change empties both at once.
    const version = await cache.currentVersion();
    const store: AnswerStore = {
      get: (key) => cache.peek<PublicAnswer>(`answer:${key}`),
      set: (key, value) => cache.put(`answer:${key}`, value),
      delete: (key) => cache.delete(`answer:${key}`),
    };
    const answer = await cachedAnswer(store, request.url, version, compute, (value) => reply.serialize(value) as string);
    return sendAnswer(request, reply, answer);
  }

  /** The white-label config of this tenant, or 404 NOT_FOUND. */
  async function requireConfig(configId: string) {
    const config = await cache.get(`config:${configId}`, () => findWlConfig(db, tenant, configId));
    if (config === undefined) throw new ApiError(404, 'NOT_FOUND', `unknown config ${configId}`);
    return config;
  }

  app.get(
    `${WL}/config/:configId`,
    {
      schema: {
        tags: ['whitelabel'],
        summary: 'White-label config (sandwich): the home page, menu and footer references',
        params: ConfigParams,
        querystring: WlConfigQuerySchema,
        response: { 200: WlConfigSchema, 304: NotModifiedSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      assertTenant(tenant, request.params);
      return cachedPublic(request, reply, () => requireConfig(request.params.configId));
    },
  );

  app.get(
    `${WL}/config/:configId/component/:componentId`,
    {
      schema: {
        tags: ['whitelabel'],
        summary: 'One component of a white-label config (page, menu, footer ...)',
        description:
          'Public. With the bearer session of a restricted profile (ADR 0012), hero-banner items leading to a title above its ' +
          'parental level are left out, in a personal answer (Cache-Control: private, no-store; no ETag).',
        params: ComponentParams,
        querystring: WlConfigQuerySchema,
        response: { 200: ComponentSchema, 304: NotModifiedSchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      assertTenant(tenant, request.params);
      const { configId, componentId } = request.params;
      const load = async () => {
        await requireConfig(configId);
        const component = await cache.get(`component:${componentId}`, () => findComponent(db, tenant, componentId));
        if (component === undefined) throw new ApiError(404, 'UNKNOWN_COMPONENT', `unknown component ${componentId}`);
        return component;
      };
      const level = await parental?.viewerLevel(request);
      if (parental === undefined || level === undefined) return cachedPublic(request, reply, load);
      const [component, within] = await Promise.all([load(), parental.titlesWithinLevel(level)]);
      personalHeaders(reply);
      return withoutHeroItemsAbove(component, within);
    },
  );
};

/** The component without the hero-banner items whose action leads to a title `within` refuses. */
function withoutHeroItemsAbove(component: Component, within: (assetId: string) => boolean): Component {
  const items = component.components?.heroBannerItems;
  if (items === undefined) return component;
  const kept = items.filter((item) => {
    const assetId = (item as { actions?: { default?: { assetId?: unknown } } } | null)?.actions?.default?.assetId;
    return typeof assetId !== 'string' || within(assetId);
  });
  return { ...component, components: { ...component.components, heroBannerItems: kept } };
}

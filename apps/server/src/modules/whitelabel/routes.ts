import {
  ComponentSchema,
  ConfigWebSchema,
  ContractCountriesSchema,
  ErrorBodySchema,
  LocationFiltersSchema,
  rootPatterns,
  whitelabelPatterns,
  WlConfigQuerySchema,
  WlConfigSchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { whitelabelScope } from '../../lib/exposure-scope.js';
import {
  cachedAnswer,
  NotModifiedSchema,
  personalHeaders,
  sendAnswer,
  type AnswerStore,
  type PublicAnswer,
} from '../../lib/http-cache.js';
import type { VersionedCache } from '../../lib/versioned-cache.js';
import type { WhitelabelService } from './service.js';

export interface WhitelabelRoutesOptions {
  /** The white-label reads (built once in app.ts, shared with the web app's bootstrap). */
  service: WhitelabelService;
  tenant: Tenant;
  /** The serialised answers (beside the service's objects); emptied when the catalogue version changes. */
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
const ConfigParams = Type.Object({ ...TenantParams.properties, configId: Type.String() });
const ComponentParams = Type.Object({ ...ConfigParams.properties, componentId: Type.String() });

/**
 * The startup calls: web config, contract countries, location filters, and the white-label
 * structure (sandwich config and its components). Unchanging between catalogue versions, so
 * answers come from the per-process cache.
 */
export const whitelabelRoutes: FastifyPluginAsyncTypebox<WhitelabelRoutesOptions> = async (
  app,
  { service, tenant, cache, parental },
) => {
  const webConfig = () => service.webConfig();
  const webConfigSchema = { tags: ['whitelabel'], response: { 200: ConfigWebSchema, 404: ErrorBodySchema } };
  app.get(
    rootPatterns.configWeb,
    { schema: { ...webConfigSchema, summary: 'Web client configuration' } },
    webConfig,
  );
  app.get(
    rootPatterns.configFallback,
    { schema: { ...webConfigSchema, summary: 'Web client configuration (fallback path)' } },
    webConfig,
  );

  app.get(
    rootPatterns.contractCountries,
    {
      schema: {
        tags: ['whitelabel'],
        summary: 'Countries allowed by each contract',
        response: { 200: ContractCountriesSchema },
      },
    },
    () => service.contractCountries(),
  );

  await whitelabelScope(app, { tenant }, (scope) => {
    scope.get(
      whitelabelPatterns.filters,
      {
        schema: {
          tags: ['whitelabel'],
          summary: "Filters for the config calls (device group) and the caller's location",
          params: TenantParams,
          response: { 200: LocationFiltersSchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        reply.header('vary', 'User-Agent');
        return service.filters(request.ip, request.headers['user-agent']);
      },
    );

    /** ETag/Cache-Control on a public structure answer, 304 when current, else the body serialised once per version. */
    async function cachedPublic(
      request: FastifyRequest,
      reply: FastifyReply,
      compute: () => Promise<unknown>,
    ) {
      // One cache for the objects and the answers: a version change empties both at once.
      const version = await cache.currentVersion();
      const store: AnswerStore = {
        get: (key) => cache.peek<PublicAnswer>(`answer:${key}`),
        set: (key, value) => cache.put(`answer:${key}`, value),
        delete: (key) => cache.delete(`answer:${key}`),
      };
      const answer = await cachedAnswer(
        store,
        request.url,
        version,
        compute,
        (value) => reply.serialize(value) as string,
      );
      return sendAnswer(request, reply, answer);
    }

    scope.get(
      whitelabelPatterns.wlConfig,
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
        return cachedPublic(request, reply, () => service.config(request.params.configId));
      },
    );

    scope.get(
      whitelabelPatterns.wlComponent,
      {
        schema: {
          tags: ['whitelabel'],
          summary: 'One component of a white-label config (page, menu, footer ...)',
          description:
            'Public. With the bearer session of a restricted profile (ADR 0012), hero-banner items leading to a title above its ' +
            'parental level are left out, in a personal answer (Cache-Control: private, no-store; no ETag).',
          params: ComponentParams,
          querystring: WlConfigQuerySchema,
          response: {
            200: ComponentSchema,
            304: NotModifiedSchema,
            401: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { configId, componentId } = request.params;
        const load = () => service.component(configId, componentId);
        const level = await parental?.viewerLevel(request);
        if (parental === undefined || level === undefined) return cachedPublic(request, reply, load);
        const within = parental.titlesWithinLevel(level);
        const component = await service.componentWithin(configId, componentId, within);
        personalHeaders(reply);
        return component;
      },
    );
  });
};

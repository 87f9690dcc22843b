import {
  AssetListQuerySchema,
  AssetListSchema,
  AssetQuerySchema,
  AssetSchema,
  ErrorBodySchema,
  SearchListSchema,
  SearchQuerySchema,
  SearchSuggestionListSchema,
  SearchSuggestionsQuerySchema,
  TagTypeSchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { DatabaseHandle } from '../../db/database.js';
import { assertTenant, type Tenant } from '../../lib/business-unit.js';
import { cachedAnswer, NotModifiedSchema, personalHeaders, sendAnswer } from '../../lib/http-cache.js';
import type { VersionedCache } from '../../lib/versioned-cache.js';
import { CatalogueService } from './service.js';
import type { CatalogueSnapshot } from './snapshot.js';

export interface CatalogueRoutesOptions {
  database: DatabaseHandle;
  tenant: Tenant;
  /** Holds the catalogue snapshot, with its serialised answers (dropped when the catalogue version changes). */
  snapshots: VersionedCache;
  /** The clock publications are checked against (tests move it). */
  clock?: () => number;
  /**
   * The parental level of the request's restricted profile (its bearer session), or undefined
   * (visitor, unrestricted profile): lists, suggestions and search then leave out the titles
   * above it, in a personal answer (ADR 0012).
   */
  viewerLevel?: (request: FastifyRequest) => Promise<string | undefined>;
}

const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });
const AssetParams = Type.Object({
  customer: Type.String(),
  businessUnit: Type.String(),
  assetId: Type.String({ minLength: 1 }),
});
const TagParams = Type.Object({
  customer: Type.String(),
  businessUnit: Type.String(),
  tagId: Type.String({ minLength: 1 }),
});
const TextParams = Type.Object({ customer: Type.String(), businessUnit: Type.String(), text: Type.String() });

const V1 = '/v1/customer/:customer/businessunit/:businessUnit';
const V2 = '/v2/customer/:customer/businessunit/:businessUnit';
/** Besides the body: 304 (If-None-Match, lib/http-cache.ts) and the errors. */
const errors = { 304: NotModifiedSchema, 400: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * The catalogue's Exposure calls: asset lists (ids, query, sort, paging), one asset (with
 * seasons and episodes), the next episode, tags, search suggestions and search. Answers are
 * public: ETag + Cache-Control, and serialised once per catalogue version and normalised URL.
 */
export const catalogueRoutes: FastifyPluginAsyncTypebox<CatalogueRoutesOptions> = async (app, options) => {
  const { tenant } = options;
  const service = new CatalogueService(options.database, tenant, options.snapshots, options.clock);

  /**
   * Answers from the snapshot's cache of serialised bodies, or 304 when the client's copy is of
   * this catalogue version; the ETag and the body come from the same snapshot.
   */
  async function cached(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: (snapshot: CatalogueSnapshot) => unknown,
  ) {
    const snapshot = await service.snapshot();
    const serialize = (value: unknown) => reply.serialize(value) as string;
    const answer = await cachedAnswer(snapshot.answers, request.url, snapshot.version, () => compute(snapshot), serialize);
    return sendAnswer(request, reply, answer);
  }

  /**
   * The public answer, or, for a restricted profile's bearer, the one computed for its level:
   * personal (private, no-store, no ETag), so no cache hands it to anyone else.
   */
  async function leveled<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: (snapshot: CatalogueSnapshot, level: string | undefined) => T,
  ): Promise<T | FastifyReply> {
    const level = await options.viewerLevel?.(request);
    if (level === undefined) return cached(request, reply, (snapshot) => compute(snapshot, undefined));
    const snapshot = await service.snapshot();
    const answer = compute(snapshot, level);
    personalHeaders(reply);
    return answer;
  }

  const restrictedNote =
    ' With the bearer session of a restricted profile (ADR 0012), the titles above its parental level are left out, ' +
    'in a personal answer (Cache-Control: private, no-store; no ETag).';

  app.get(
    `${V1}/content/asset`,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Assets by ids, type, query; sorted and paged',
        description: `Public.${restrictedNote}`,
        params: TenantParams,
        querystring: AssetListQuerySchema,
        response: { 200: AssetListSchema, ...errors, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      assertTenant(tenant, request.params);
      return leveled(request, reply, (snapshot, level) => service.listAssets(snapshot, request.query, level));
    },
  );

  app.get(
    `${V1}/content/asset/:assetId`,
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'One asset by id or slug (redbee:{id}:{language} accepted), with its seasons and episodes on request',
        params: AssetParams,
        querystring: AssetQuerySchema,
        response: { 200: AssetSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertTenant(tenant, request.params);
      return cached(request, reply, (snapshot) =>
        service.getAsset(snapshot, request.params.assetId, request.query),
      );
    },
  );

  app.get(
    `${V1}/content/asset/:assetId/next`,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The next episode in series order (season, then episode)',
        params: AssetParams,
        querystring: AssetQuerySchema,
        response: { 200: AssetSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertTenant(tenant, request.params);
      return cached(request, reply, (snapshot) =>
        service.nextEpisode(snapshot, request.params.assetId, request.query),
      );
    },
  );

  app.get(
    `${V1}/tag/:tagId`,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A tag and its localized titles',
        params: TagParams,
        querystring: Type.Object({ client: Type.Optional(Type.String()) }),
        response: { 200: TagTypeSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertTenant(tenant, request.params);
      return cached(request, reply, (snapshot) => service.getTag(snapshot, request.params.tagId));
    },
  );

  app.get(
    `${V1}/content/search/suggestions/:text`,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Title suggestions while typing (at least 2 characters)',
        description: `Public.${restrictedNote}`,
        params: TextParams,
        querystring: SearchSuggestionsQuerySchema,
        response: { 200: SearchSuggestionListSchema, ...errors, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      assertTenant(tenant, request.params);
      return leveled(request, reply, (snapshot, level) =>
        service.suggest(snapshot, request.params.text, request.query, level),
      );
    },
  );

  app.get(
    `${V2}/content/search/query/:text`,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Free-text search in titles and descriptions (at least 2 characters)',
        description: `Public.${restrictedNote}`,
        params: TextParams,
        querystring: SearchQuerySchema,
        response: { 200: SearchListSchema, ...errors, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      assertTenant(tenant, request.params);
      return leveled(request, reply, (snapshot, level) =>
        service.search(snapshot, request.params.text, request.query, level),
      );
    },
  );
};

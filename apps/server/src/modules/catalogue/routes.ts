import {
  cataloguePatterns as routes,
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
import type { Tenant } from '../../lib/business-unit.js';
import { exposureScope } from '../../lib/exposure-scope.js';
import { cachedAnswer, NotModifiedSchema, personalHeaders, sendAnswer } from '../../lib/http-cache.js';
import type { CatalogueService } from './service.js';
import type { CatalogueSnapshot } from './snapshot.js';

export interface CatalogueRoutesOptions {
  tenant: Tenant;
  /** The app's one catalogue service (its snapshot holds the serialised answers). */
  catalogue: CatalogueService;
  /**
   * The parental level of the request's restricted profile (its bearer session), or undefined
   * (visitor, unrestricted profile): lists, suggestions and search then leave out the titles
   * above it, in a personal answer (ADR 0012).
   */
  viewerLevel?: (request: FastifyRequest) => Promise<string | undefined>;
}

const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });
const AssetParams = Type.Object({ ...TenantParams.properties, assetId: Type.String({ minLength: 1 }) });
const TagParams = Type.Object({ ...TenantParams.properties, tagId: Type.String({ minLength: 1 }) });
const TextParams = Type.Object({ ...TenantParams.properties, text: Type.String() });
/** Besides the body: 304 (If-None-Match, lib/http-cache.ts) and the errors. */
const errors = { 304: NotModifiedSchema, 400: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * The catalogue's Exposure calls: asset lists (ids, query, sort, paging), one asset (with
 * seasons and episodes), the next episode, tags, search suggestions and search. Answers are
 * public: ETag + Cache-Control, and serialised once per catalogue version and normalised URL.
 */
export const catalogueRoutes: FastifyPluginAsyncTypebox<CatalogueRoutesOptions> = async (app, options) => {
  const { tenant, catalogue: service } = options;

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
    const answer = await cachedAnswer(
      snapshot.answers,
      request.url,
      snapshot.version,
      () => compute(snapshot),
      serialize,
    );
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

  await exposureScope(app, { tenant, patterns: routes }, (scope) => {
    scope.get(
      routes.assets.pattern,
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
        return leveled(request, reply, (snapshot, level) =>
          service.listAssets(snapshot, request.query, level),
        );
      },
    );

    scope.get(
      routes.asset.pattern,
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
        return cached(request, reply, (snapshot) =>
          service.getAsset(snapshot, request.params.assetId, request.query),
        );
      },
    );

    scope.get(
      routes.nextAsset.pattern,
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
        return cached(request, reply, (snapshot) =>
          service.nextEpisode(snapshot, request.params.assetId, request.query),
        );
      },
    );

    scope.get(
      routes.tag.pattern,
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
        return cached(request, reply, (snapshot) => service.getTag(snapshot, request.params.tagId));
      },
    );

    scope.get(
      routes.searchSuggestions.pattern,
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
        return leveled(request, reply, (snapshot, level) =>
          service.suggest(snapshot, request.params.text, request.query, level),
        );
      },
    );

    scope.get(
      routes.searchQuery.pattern,
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
        return leveled(request, reply, (snapshot, level) =>
          service.search(snapshot, request.params.text, request.query, level),
        );
      },
    );
  });
};

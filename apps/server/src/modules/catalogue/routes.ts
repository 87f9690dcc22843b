import {
  cataloguePatterns as routes,
  catalogueV3Patterns,
  AutocompleteListSchema,
  MultiSearchSchema,
  SeasonListQuerySchema,
  SeasonListSchema,
  SeasonNumberSchema,
  SeasonSchema,
  SearchV3QuerySchema,
  WatchNextQuerySchema,
  WatchNextSchema,
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
/** Search texts of the v3 calls: no longer than a title could be. */
const V3TextParams = Type.Object({ ...TenantParams.properties, text: Type.String({ maxLength: 200 }) });
const ShowParams = Type.Object({
  ...TenantParams.properties,
  assetId: Type.String({ minLength: 1, maxLength: 200 }),
});
const SeasonParams = Type.Object({ ...ShowParams.properties, season: SeasonNumberSchema });
const SeasonIdParams = Type.Object({
  ...TenantParams.properties,
  seasonId: Type.String({ minLength: 1, maxLength: 200 }),
});
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

  await exposureScope(app, { tenant, patterns: routes }, async (scope) => {
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

    await scope.register(seasonRoutes, { service, cached, leveled });
    await scope.register(searchV3Routes, { service, cached, leveled, restrictedNote });
  });

  // The v3 multi search shares its pattern with the v2 search: under the fixed /v3 prefix.
  await exposureScope(app, { tenant, patterns: catalogueV3Patterns, version: 'v3' }, (scope) => {
    scope.get(
      catalogueV3Patterns.searchMulti.pattern,
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Multi search (v3): title hits, tags and participants matching every word',
          description: `Public.${restrictedNote}`,
          params: V3TextParams,
          querystring: SearchV3QuerySchema,
          response: { 200: MultiSearchSchema, ...errors, 401: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        leveled(request, reply, (snapshot, level) =>
          service.multiSearch(snapshot, request.params.text, request.query, level),
        ),
    );
  });
};

interface Answering {
  service: CatalogueService;
  cached: (
    request: FastifyRequest,
    reply: FastifyReply,
    compute: (snapshot: CatalogueSnapshot) => unknown,
  ) => Promise<FastifyReply>;
  leveled: <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: (snapshot: CatalogueSnapshot, level: string | undefined) => T,
  ) => Promise<T | FastifyReply>;
}

/** A TV show's seasons, one season by number or id, a season's episodes (public, cached). */
const seasonRoutes: FastifyPluginAsyncTypebox<Answering> = async (scope, { service, cached }) => {
  scope.get(
    routes.seasons.pattern,
    {
      schema: {
        tags: ['catalogue'],
        summary: "A TV show's seasons having an available episode, by number, paged (ApiSeasonList)",
        params: ShowParams,
        querystring: SeasonListQuerySchema,
        response: { 200: SeasonListSchema, ...errors },
      },
    },
    async (request, reply) =>
      cached(request, reply, (snapshot) => service.seasons(snapshot, request.params.assetId, request.query)),
  );

  scope.get(
    routes.season.pattern,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One season of a TV show by number (ApiSeason; 404 UNKNOWN_SEASON)',
        params: SeasonParams,
        querystring: SeasonListQuerySchema,
        response: { 200: SeasonSchema, ...errors },
      },
    },
    async (request, reply) =>
      cached(request, reply, (snapshot) =>
        service.season(snapshot, request.params.assetId, request.params.season, request.query),
      ),
  );

  scope.get(
    routes.seasonEpisodes.pattern,
    {
      schema: {
        tags: ['catalogue'],
        summary: "A season's available episodes in order, paged (ApiAssetList)",
        params: SeasonParams,
        querystring: SeasonListQuerySchema,
        response: { 200: AssetListSchema, ...errors },
      },
    },
    async (request, reply) =>
      cached(request, reply, (snapshot) =>
        service.seasonEpisodes(snapshot, request.params.assetId, request.params.season, request.query),
      ),
  );

  scope.get(
    routes.seasonById.pattern,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A season by id (ApiSeason; 404 UNKNOWN_SEASON)',
        params: SeasonIdParams,
        querystring: SeasonListQuerySchema,
        response: { 200: SeasonSchema, ...errors },
      },
    },
    async (request, reply) =>
      cached(request, reply, (snapshot) =>
        service.seasonById(snapshot, request.params.seasonId, request.query),
      ),
  );

  scope.get(
    routes.watchNext.pattern,
    {
      schema: {
        tags: ['catalogue'],
        summary:
          "What to watch next: an episode's next episodes, else titles sharing its tags (not personal)",
        params: ShowParams,
        querystring: WatchNextQuerySchema,
        response: { 200: WatchNextSchema, ...errors },
      },
    },
    async (request, reply) =>
      cached(request, reply, (snapshot) =>
        service.watchNext(snapshot, request.params.assetId, request.query),
      ),
  );
};

/** The v3 title search and the title autocompletes (the multi search is under the /v3 prefix). */
const searchV3Routes: FastifyPluginAsyncTypebox<Answering & { restrictedNote: string }> = async (
  scope,
  { service, cached, leveled, restrictedNote },
) => {
  scope.get(
    routes.searchAssets.pattern,
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Title search (v3): the titles matching every word, the last one as a prefix (ApiSearchList)',
        description: `Public.${restrictedNote}`,
        params: V3TextParams,
        querystring: SearchV3QuerySchema,
        response: { 200: SearchListSchema, ...errors, 401: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      leveled(request, reply, (snapshot, level) =>
        service.searchTitles(snapshot, request.params.text, request.query, level),
      ),
  );

  scope.get(
    routes.assetTitleAutocomplete.pattern,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Asset titles completing the text (v3): [{hitText, hitFieldValue: assetId}]',
        description: `Public.${restrictedNote}`,
        params: V3TextParams,
        querystring: SearchV3QuerySchema,
        response: { 200: AutocompleteListSchema, ...errors, 401: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      leveled(request, reply, (snapshot, level) =>
        service.assetTitleAutocomplete(snapshot, request.params.text, request.query, level),
      ),
  );

  scope.get(
    routes.tagTitleAutocomplete.pattern,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Tag titles completing the text (v3): [{hitText, hitFieldValue: tagId}]',
        params: V3TextParams,
        querystring: SearchV3QuerySchema,
        response: { 200: AutocompleteListSchema, ...errors },
      },
    },
    async (request, reply) =>
      cached(request, reply, (snapshot) =>
        service.tagTitleAutocomplete(snapshot, request.params.text, request.query),
      ),
  );
};

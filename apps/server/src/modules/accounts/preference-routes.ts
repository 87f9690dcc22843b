import {
  accountPatterns as routes,
  AssetListItemSchema,
  AssetListItemsSchema,
  ErrorBodySchema,
  FAVORITES_LIST,
  MAX_FAVORITES,
  ListAssetBodySchema,
  type ListAssetBody,
  MessageResponseSchema,
  PreferencesResponseSchema,
  PreferencesWriteSchema,
  TAGFEED_LIST,
  TagListResponseSchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../lib/errors.js';
import { authErrors, emptyBodyIsObject, personal, TenantParams } from './route-docs.js';
import type { AccountsService } from './service.js';
import { sessionOf } from './session-auth.js';

const ListParams = Type.Object({ ...TenantParams.properties, list: Type.String({ minLength: 1 }) });
const ListAssetParams = Type.Object({ ...ListParams.properties, assetId: Type.String({ minLength: 1 }) });

const ListTagParams = Type.Object({
  ...ListParams.properties,
  tagId: Type.String({ minLength: 1, maxLength: 200 }),
});

/** The favourites are the one asset list, `tagfeed` the one tag list: any other name is 404 UNKNOWN_LIST. */
function checkList(list: string, known: string = FAVORITES_LIST): void {
  if (list !== known) throw new ApiError(404, 'UNKNOWN_LIST', `unknown list ${list}`);
}

/** A list item's order and metadata, as given (absent ones left out). */
function listItemInput(body: ListAssetBody): { order?: number; metadata?: Record<string, unknown> } {
  const input: { order?: number; metadata?: Record<string, unknown> } = {};
  if (body.order !== undefined) input.order = body.order;
  if (body.metadata !== undefined) input.metadata = body.metadata;
  return input;
}

/** The profile's preferences, favourites and followed tags. Registered in the personal scope (routes.ts). */
export const preferenceRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsService }> = async (
  app,
  { accounts: service },
) => {
  app.get(
    routes.preferences.pattern,
    {
      schema: {
        ...personal("The profile's preferences"),
        params: TenantParams,
        response: { 200: PreferencesResponseSchema, ...authErrors },
      },
    },
    async (request) => service.getPreferences(sessionOf(request)),
  );

  app.post(
    routes.preferences.pattern,
    {
      schema: {
        ...personal("Replaces the profile's whole preference map (values kept as text)"),
        params: TenantParams,
        body: PreferencesWriteSchema,
        response: { 200: MessageResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      await service.setPreferences(sessionOf(request), request.body.preferences);
      return { message: 'OK' };
    },
  );

  app.get(
    routes.listAssets.pattern,
    {
      schema: {
        ...personal("The profile's favourites, newest first (assets no longer published left out)"),
        params: ListParams,
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_FAVORITES })),
          tagIds: Type.Optional(Type.String()),
          service: Type.Optional(Type.String()),
        }),
        response: { 200: AssetListItemsSchema, ...authErrors },
      },
    },
    async (request) => {
      checkList(request.params.list);
      return service.listFavorites(sessionOf(request), request.query.limit);
    },
  );

  app.get(
    routes.listAsset.pattern,
    {
      schema: {
        ...personal('One favourite; 404 NOT_FOUND means it is not in the list'),
        params: ListAssetParams,
        response: { 200: AssetListItemSchema, ...authErrors },
      },
    },
    async (request) => {
      checkList(request.params.list);
      return service.getFavorite(sessionOf(request), request.params.assetId);
    },
  );

  app.post(
    routes.listAsset.pattern,
    {
      preValidation: emptyBodyIsObject,
      schema: {
        ...personal(
          'Adds an asset to the favourites (twice changes nothing; 409 LIMIT_REACHED past the limit)',
        ),
        params: ListAssetParams,
        body: ListAssetBodySchema,
        response: { 200: MessageResponseSchema, 409: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) => {
      checkList(request.params.list);
      await service.addFavorite(sessionOf(request), request.params.assetId, listItemInput(request.body));
      return { message: 'OK' };
    },
  );

  app.delete(
    routes.listAsset.pattern,
    {
      schema: {
        ...personal('Removes an asset from the favourites'),
        params: ListAssetParams,
        response: { 200: MessageResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      checkList(request.params.list);
      await service.removeFavorite(sessionOf(request), request.params.assetId);
      return { message: 'OK' };
    },
  );

  app.get(
    routes.listTags.pattern,
    {
      schema: {
        ...personal("The profile's followed tags (the tagfeed list) and the asset query they make"),
        params: ListParams,
        response: { 200: TagListResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      checkList(request.params.list, TAGFEED_LIST);
      return service.listFollowedTags(sessionOf(request));
    },
  );

  app.post(
    routes.listTag.pattern,
    {
      preValidation: emptyBodyIsObject,
      schema: {
        ...personal(
          'Follows a tag of the catalogue (404 UNKNOWN_TAG; again: updates its order and metadata; 409 LIMIT_REACHED past the limit)',
        ),
        params: ListTagParams,
        body: ListAssetBodySchema,
        response: { 200: MessageResponseSchema, 409: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) => {
      checkList(request.params.list, TAGFEED_LIST);
      await service.followTag(sessionOf(request), request.params.tagId, listItemInput(request.body));
      return { message: 'OK' };
    },
  );

  app.delete(
    routes.listTag.pattern,
    {
      schema: {
        ...personal('Unfollows a tag'),
        params: ListTagParams,
        response: { 200: MessageResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      checkList(request.params.list, TAGFEED_LIST);
      await service.unfollowTag(sessionOf(request), request.params.tagId);
      return { message: 'OK' };
    },
  );
};

import {
  accountPatterns as routes,
  AssetListItemSchema,
  AssetListItemsSchema,
  ErrorBodySchema,
  FAVORITES_LIST,
  ListAssetBodySchema,
  MessageResponseSchema,
  PreferencesResponseSchema,
  PreferencesWriteSchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../lib/errors.js';
import { authErrors, emptyBodyIsObject, personal, TenantParams } from './route-docs.js';
import type { AccountsService } from './service.js';
import { sessionOf } from './session-auth.js';

const ListParams = Type.Object({ ...TenantParams.properties, list: Type.String({ minLength: 1 }) });
const ListAssetParams = Type.Object({ ...ListParams.properties, assetId: Type.String({ minLength: 1 }) });

/** The favourites are the one list: any other name is 404 UNKNOWN_LIST. */
function checkList(list: string): void {
  if (list !== FAVORITES_LIST) throw new ApiError(404, 'UNKNOWN_LIST', `unknown list ${list}`);
}

/** The profile's preferences and favourites. Registered in the personal scope (routes.ts). */
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
          limit: Type.Optional(Type.Integer({ minimum: 1 })),
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
      const input: { order?: number; metadata?: Record<string, unknown> } = {};
      if (request.body.order !== undefined) input.order = request.body.order;
      if (request.body.metadata !== undefined) input.metadata = request.body.metadata;
      await service.addFavorite(sessionOf(request), request.params.assetId, input);
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
};

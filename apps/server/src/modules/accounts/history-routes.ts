import {
  accountPatterns as routes,
  ContinueWatchingSchema,
  LastViewedOffsetResponseSchema,
  LastViewedQuerySchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors, personal, TenantParams } from './route-docs.js';
import type { AccountsService } from './service.js';
import { sessionOf } from './session-auth.js';

/** The profile's play history: where it stopped in assets, and continue watching. Registered in the personal scope (routes.ts). */
export const historyRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsService }> = async (
  app,
  { accounts: service },
) => {
  app.get(
    routes.lastViewedOffset.pattern,
    {
      schema: {
        ...personal('Where the profile stopped in assets (ms), most recent first; `count` is the total'),
        params: TenantParams,
        querystring: LastViewedQuerySchema,
        response: { 200: LastViewedOffsetResponseSchema, ...authErrors },
      },
    },
    async (request) => {
      const query: { assetIds?: string[]; pageSize?: number; pageNumber?: number } = {};
      if (request.query.assetIds !== undefined) query.assetIds = request.query.assetIds;
      if (request.query.pageSize !== undefined) query.pageSize = request.query.pageSize;
      if (request.query.pageNumber !== undefined) query.pageNumber = request.query.pageNumber;
      return service.lastViewedOffsets(sessionOf(request), query);
    },
  );

  app.get(
    routes.continueWatching.pattern,
    {
      schema: {
        ...personal('Continue watching: started, unfinished assets, most recent first'),
        params: TenantParams,
        querystring: Type.Object({
          tagIds: Type.Optional(Type.String()),
          service: Type.Optional(Type.String()),
          assetTypes: Type.Optional(Type.String()),
        }),
        response: { 200: ContinueWatchingSchema, ...authErrors },
      },
    },
    async (request) => service.continueWatching(sessionOf(request)),
  );
};

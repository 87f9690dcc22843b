import {
  appStartPatterns,
  appStartRootPatterns,
  ConfigFileSchema,
  ErrorBodySchema,
  OriginConfigSchema,
  OriginHostParamsSchema,
  SystemConfigSchema,
  translationsPattern,
  TranslationsSchema,
  WlConfigQuerySchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { exposureScope, whitelabelScope } from '../../lib/exposure-scope.js';
import type { AppStartService } from './app-start.js';

export interface AppStartRoutesOptions {
  appStart: AppStartService;
  tenant: Tenant;
}

const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });
const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' });
const OriginConfigParams = Type.Object({ ...OriginHostParamsSchema.properties, configId: Id });
const OriginFileParams = Type.Object({ ...OriginHostParamsSchema.properties, fileId: Id });
const TranslationsParams = Type.Object({
  ...TenantParams.properties,
  language: Type.String({ minLength: 2, maxLength: 16, pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$' }),
  configId: Id,
});
const CountryQuery = Type.Object({
  countryCode: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
  client: Type.Optional(Type.String({ maxLength: 64 })),
});
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };
const PUBLIC_FOR_A_MINUTE = 'public, max-age=60';

/**
 * The app-start calls of a stock Exposure client (issue 18): the system config, the white-label
 * config and a config file by the host the client is served at, the interface's translations.
 */
export const appStartRoutes: FastifyPluginAsyncTypebox<AppStartRoutesOptions> = async (
  app,
  { appStart, tenant },
) => {
  app.get(
    appStartRootPatterns.originConfig,
    {
      schema: {
        tags: ['whitelabel'],
        summary: 'White-label config of the business unit served at a host, with its system config',
        description:
          "The host must be one this server is served at (PUBLIC_URL's, or the request's own); another answers 404 UNKNOWN_BUSINESS_UNIT.",
        params: OriginConfigParams,
        querystring: WlConfigQuerySchema,
        response: { 200: OriginConfigSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', PUBLIC_FOR_A_MINUTE);
      return appStart.originConfig(request.params.host, request.host, request.params.configId);
    },
  );

  app.get(
    appStartRootPatterns.originConfigFile,
    {
      schema: {
        tags: ['whitelabel'],
        summary: 'A JSON configuration file of the business unit served at a host (config_web.json)',
        params: OriginFileParams,
        querystring: Type.Object({ paymentMethodPreview: Type.Optional(Type.Boolean()) }),
        response: { 200: ConfigFileSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', PUBLIC_FOR_A_MINUTE);
      return appStart.originConfigFile(request.params.fileId, request.params.host, request.host);
    },
  );

  await exposureScope(app, { tenant, patterns: appStartPatterns }, (scope) => {
    scope.get(
      appStartPatterns.systemConfig.pattern,
      {
        schema: {
          tags: ['whitelabel'],
          summary: "The business unit's system config: languages, sign-up rules, features, device groups",
          params: TenantParams,
          querystring: CountryQuery,
          response: { 200: SystemConfigSchema, ...errors },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', PUBLIC_FOR_A_MINUTE);
        return appStart.systemConfig();
      },
    );
  });

  await whitelabelScope(app, { tenant }, (scope) => {
    scope.get(
      translationsPattern,
      {
        schema: {
          tags: ['whitelabel'],
          summary: "The white-label interface's strings in one language (nested keys)",
          params: TranslationsParams,
          response: { 200: TranslationsSchema, ...errors },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', PUBLIC_FOR_A_MINUTE);
        return appStart.translations(request.params.language, request.params.configId);
      },
    );
  });
};

import {
  EXPOSURE_PREFIX_PATTERN,
  WHITELABEL_PREFIX_PATTERN,
  type ExposureRoute,
  type ExposureVersion,
} from '@antenne/contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { assertTenant, type Tenant } from './business-unit.js';

/** A route plugin's instance with the TypeBox type provider (what FastifyPluginAsyncTypebox gives). */
export type TypeBoxScope = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The Exposure version a route of an Exposure scope answers on (set from the contract's pattern). */
    exposureVersion?: ExposureVersion;
  }
}

interface ScopeParams {
  version?: string;
  customer: string;
  businessUnit: string;
}

export interface ExposureScopeOptions {
  /** The one customer and business unit this server answers for. */
  tenant: Tenant;
  /**
   * The area's patterns from the contract (e.g. `cataloguePatterns`): every route registered in
   * the scope must be one of them, and answers on that pattern's version only.
   */
  patterns: Record<string, ExposureRoute>;
  /**
   * A version fixed in the prefix (`/v3/customer/…`), for calls whose pattern another version
   * already answers under the shared `/:version/…` prefix (the v3 multi search and the v2 search
   * are both `/content/search/query/:text`): the router prefers the fixed segment, and every
   * pattern of the scope must be of this version.
   */
  version?: ExposureVersion;
}

/**
 * Registers an area's Exposure calls under the one prefix
 * `/:version/customer/:customer/businessunit/:businessUnit`, in an encapsulated scope with one
 * onRequest hook, before anything else of the request is read:
 *
 * - a version other than the route's answers as a path no route has (the not-found handler);
 * - a customer or business unit other than this server's answers 404 UNKNOWN_BUSINESS_UNIT.
 *
 * Routes are registered with their contract pattern (`scope.get(cataloguePatterns.asset.pattern, …)`);
 * their version comes from the pattern table, and the OpenAPI document shows each at its
 * version's path (`/v1/customer/{customer}/…`), as before the prefix was shared.
 */
export async function exposureScope(
  app: TypeBoxScope,
  { tenant, patterns, version: fixed }: ExposureScopeOptions,
  routes: (scope: TypeBoxScope) => void | Promise<void>,
): Promise<void> {
  const versions = versionsByPattern(patterns);
  if (fixed !== undefined && [...versions.values()].some((v) => v !== fixed))
    throw new Error(`a scope fixed at ${fixed} registers only ${fixed} patterns`);
  await app.register(
    async (child) => {
      const scope = child.withTypeProvider<TypeBoxTypeProvider>();
      scope.addHook('onRoute', (route) => {
        const routePath = (route as RouteOptions & { routePath?: string }).routePath ?? '';
        const version = versions.get(routePath);
        if (version === undefined)
          throw new Error(`${route.url}: an Exposure route must be one of its area's contract patterns`);
        route.config = {
          ...route.config,
          exposureVersion: version,
          // The OpenAPI document lists the route at its version's path.
          swaggerTransform: ({ schema, url }: { schema: unknown; url: string }) => ({
            schema,
            url: url.replace('/:version/', `/${version}/`),
          }),
        } as typeof route.config;
      });
      scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        const params = request.params as ScopeParams;
        if (fixed === undefined && params.version !== request.routeOptions.config.exposureVersion)
          return reply.callNotFound();
        assertTenant(tenant, params);
      });
      await routes(scope);
    },
    {
      prefix:
        fixed === undefined ? EXPOSURE_PREFIX_PATTERN : EXPOSURE_PREFIX_PATTERN.replace(':version', fixed),
    },
  );
}

/**
 * The white-label structure calls under `/v2/whitelabel/customer/:customer/businessunit/:businessUnit`,
 * with the same tenant hook (they have one version only, in the prefix).
 */
export async function whitelabelScope(
  app: TypeBoxScope,
  { tenant }: { tenant: Tenant },
  routes: (scope: TypeBoxScope) => void | Promise<void>,
): Promise<void> {
  await tenantScope(app, tenant, WHITELABEL_PREFIX_PATTERN, routes);
}

/** Routes under `prefix` (naming `:customer` and `:businessUnit`) with the tenant hook. */
async function tenantScope(
  app: TypeBoxScope,
  tenant: Tenant,
  prefix: string,
  routes: (scope: TypeBoxScope) => void | Promise<void>,
): Promise<void> {
  await app.register(
    async (child) => {
      const scope = child.withTypeProvider<TypeBoxTypeProvider>();
      scope.addHook('onRequest', async (request: FastifyRequest) => {
        assertTenant(tenant, request.params as ScopeParams);
      });
      await routes(scope);
    },
    { prefix },
  );
}

function versionsByPattern(patterns: Record<string, ExposureRoute>): Map<string, ExposureVersion> {
  const versions = new Map<string, ExposureVersion>();
  for (const { pattern, version } of Object.values(patterns)) {
    const known = versions.get(pattern);
    // One route per pattern: a pattern on two versions would need two documented paths.
    if (known !== undefined && known !== version)
      throw new Error(`${pattern}: one pattern answers on one Exposure version`);
    versions.set(pattern, version);
  }
  return versions;
}

/**
 * Calls registered under one fixed version, `/<version>/customer/:customer/businessunit/:businessUnit`,
 * with the same tenant hook: for a path Exposure answers on several versions with a different
 * body each (the logins). A fixed version segment wins over the shared prefix's `:version`, for
 * its method only (DELETE …/v2/…/auth/login stays the shared prefix's logout).
 */
export async function fixedVersionScope(
  app: TypeBoxScope,
  { tenant, version }: { tenant: Tenant; version: ExposureVersion },
  routes: (scope: TypeBoxScope) => void | Promise<void>,
): Promise<void> {
  await tenantScope(app, tenant, EXPOSURE_PREFIX_PATTERN.replace(':version', version), routes);
}

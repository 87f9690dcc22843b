import {
  DashboardAccessSchema,
  dashboardPatterns as routes,
  DashboardReportQuerySchema,
  DashboardReportSchema,
  DASHBOARD_MAX_DAYS,
  ErrorBodySchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { exposureScope } from '../../lib/exposure-scope.js';
import { requireSession, sessionOf, type SessionCheck } from '../accounts/index.js';
import type { DashboardService } from './service.js';

export interface DashboardRoutesOptions {
  tenant: Tenant;
  dashboard: DashboardService;
  /** Checks the bearer session token (the accounts' service). */
  sessions: SessionCheck;
}

const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const doc = (summary: string, more = '') => ({
  tags: ['dashboard'],
  summary,
  description:
    'Antenne’s own call (issue 17), shaped as the personal calls: `Authorization: Bearer <sessionToken>` ' +
    `(401 NO_SESSION_TOKEN / INVALID_SESSION_TOKEN).${more}`,
});

/** The staff dashboard: whether the account may open it, and the report (staff only). */
export const dashboardRoutes: FastifyPluginAsyncTypebox<DashboardRoutesOptions> = async (app, options) => {
  const { tenant, dashboard, sessions } = options;
  await exposureScope(app, { tenant, patterns: routes }, async (scope) => {
    scope.decorateRequest('accountSession', null);
    scope.addHook('preValidation', requireSession(sessions));

    scope.get(
      routes.access.pattern,
      {
        schema: {
          ...doc(
            'Whether the signed-in account holds the staff role (the web app shows the dashboard’s entry)',
          ),
          params: TenantParams,
          response: { 200: DashboardAccessSchema, ...errors },
        },
      },
      async (request) => dashboard.access(sessionOf(request)),
    );

    scope.get(
      routes.report.pattern,
      {
        schema: {
          ...doc(
            'The audience, ads, errors and crashes over a span of UTC days, for staff accounts',
            ' 403 FORBIDDEN for an account without the staff role (granted by `npm run staff:grant`). ' +
              `Without from/to: the last 30 days up to today; at most ${DASHBOARD_MAX_DAYS} days; ` +
              '400 BAD_REQUEST naming the field for a malformed day, from after to, or a longer span.',
          ),
          params: TenantParams,
          querystring: DashboardReportQuerySchema,
          response: { 200: DashboardReportSchema, ...errors },
        },
      },
      async (request) => dashboard.report(sessionOf(request), request.query),
    );
  });
};

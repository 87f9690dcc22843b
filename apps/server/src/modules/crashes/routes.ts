import {
  CRASH_PAYLOAD_MAX_CHARS,
  CrashReportSchema,
  crashPatterns as routes,
  ErrorBodySchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { ApiError } from '../../lib/errors.js';
import { exposureScope } from '../../lib/exposure-scope.js';
import { parseJsonBody } from '../../lib/input-guard.js';
import type { CrashesService } from './service.js';

export interface CrashesRoutesOptions {
  tenant: Tenant;
  crashes: CrashesService;
}

const TenantParams = Type.Object({ customer: Type.String(), businessUnit: Type.String() });
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * The JSON body of a crash report, held to the spec's cap in characters (part 1 §9: 2048) — not
 * bytes, so the byte limit of the route is four times that, and the character count is checked
 * here, before parsing: 413 PAYLOAD_TOO_LARGE above it. Then the app's strict JSON parse.
 */
function cappedJsonParser(
  _request: FastifyRequest,
  raw: Buffer,
  done: (error: Error | null, value?: unknown) => void,
): void {
  try {
    let text: string;
    try {
      text = utf8.decode(raw);
    } catch {
      throw new ApiError(400, 'INVALID_JSON', 'body is not valid UTF-8');
    }
    if (text.length > CRASH_PAYLOAD_MAX_CHARS)
      throw new ApiError(
        413,
        'PAYLOAD_TOO_LARGE',
        `a crash report is at most ${CRASH_PAYLOAD_MAX_CHARS} characters`,
      );
    done(null, parseJsonBody(text));
  } catch (error) {
    done(error as Error);
  }
}

const KNOWN_FIELDS: ReadonlySet<string> = new Set(Object.keys(CrashReportSchema.properties));

async function refuseUnknownFields(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const unknown = Object.keys(body).find((key) => !KNOWN_FIELDS.has(key));
  if (unknown !== undefined)
    throw new ApiError(400, 'BAD_REQUEST', `body.${unknown.slice(0, 64)}: unknown field`);
}

/** POST …/analytics/crash: the web app's crash reports (issue 17 item 5). */
export const crashesRoutes: FastifyPluginAsyncTypebox<CrashesRoutesOptions> = async (
  app,
  { tenant, crashes },
) => {
  await exposureScope(app, { tenant, patterns: routes }, (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, cappedJsonParser);
    // Strict: the app's validator drops unknown fields (Ajv's removeAdditional); here they are refused.
    scope.addHook('preValidation', refuseUnknownFields);

    scope.post(
      routes.crash.pattern,
      {
        bodyLimit: CRASH_PAYLOAD_MAX_CHARS * 4,
        schema: {
          tags: ['analytics'],
          summary:
            'Reports a crash of the web app (an uncaught error, an unhandled rejection, an error boundary, a hydration mismatch)',
          description:
            'Antenne’s own call. The JSON body is at most 2048 characters (spec part 1 §9; 413 PAYLOAD_TOO_LARGE), ' +
            'strict (400 BAD_REQUEST for an unknown field or a NUL character), and carries the consent string: without ' +
            'analytics=1 it is refused (403 FORBIDDEN) and nothing is stored. A client address sends at most ' +
            'CRASH_RATE_LIMIT reports a minute (429 TOO_MANY_REQUESTS). Stored once per UTC day and fingerprint, counted.',
          params: TenantParams,
          body: CrashReportSchema,
          response: {
            204: Type.Null({ description: 'stored' }),
            400: ErrorBodySchema,
            403: ErrorBodySchema,
            404: ErrorBodySchema,
            413: ErrorBodySchema,
            429: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        await crashes.ingest(request.ip, request.body);
        return reply.code(204).send(null);
      },
    );
  });
};

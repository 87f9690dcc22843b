import {
  ANALYTICS_MAX_EVENTS,
  AnalyticsEventBatchSchema,
  CategoryEventSchema,
  MediaEventSchema,
  NotFoundEventSchema,
  PageEventSchema,
  SearchResultsEventSchema,
  type AnalyticsEventBatch,
} from '@antenne/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * The strict check of an analytics batch. The app's Ajv drops properties a schema does not name
 * (Fastify's removeAdditional) and explains a union by every branch it tried; here an unknown
 * property is refused, and each event is checked against the schema of its `kind` alone, so the
 * 400 names the one thing that is wrong: `body/events/3/labels: must not have additional
 * properties (x)`. The route still declares AnalyticsEventBatchSchema for the OpenAPI document.
 */

const envelope = Compile(
  Type.Object(
    {
      visitorId: AnalyticsEventBatchSchema.properties.visitorId,
      consent: AnalyticsEventBatchSchema.properties.consent,
      events: Type.Array(Type.Unknown(), { minItems: 1, maxItems: ANALYTICS_MAX_EVENTS }),
    },
    { additionalProperties: false },
  ),
);

const byKind = new Map(
  (
    [
      ['page', PageEventSchema],
      ['category', CategoryEventSchema],
      ['searchResults', SearchResultsEventSchema],
      ['notFound', NotFoundEventSchema],
      ['media', MediaEventSchema],
    ] as const
  ).map(([kind, schema]) => [kind as string, Compile(schema)]),
);
const KINDS = [...byKind.keys()].join(', ');

interface CheckError {
  instancePath: string;
  message: string;
  params?: object;
}

const extraOf = (error: CheckError): string[] | undefined =>
  (error.params as { additionalProperties?: string[] } | undefined)?.additionalProperties;

function describe(where: string, error: CheckError | undefined): string {
  if (error === undefined) return `${where}: is not valid`;
  const extra = extraOf(error);
  return `${where}${error.instancePath}: ${error.message}${extra ? ` (${extra.join(', ')})` : ''}`;
}

/** The first error a compiled schema gives, preferring the one that names extra properties. */
function firstError(errors: readonly CheckError[]): CheckError | undefined {
  const all = errors.filter((e) => e.message !== 'schema is false');
  return all.find((e) => extraOf(e) !== undefined) ?? all[0];
}

/** The batch when it is one; otherwise the message naming what is wrong. */
export function checkBatch(value: unknown): { value: AnalyticsEventBatch } | { error: string } {
  if (!envelope.Check(value)) return { error: describe('body', firstError(envelope.Errors(value))) };
  const events = (value as { events: unknown[] }).events;
  for (const [index, event] of events.entries()) {
    const where = `body/events/${index}`;
    const kind = typeof event === 'object' && event !== null ? (event as { kind?: unknown }).kind : undefined;
    const check = typeof kind === 'string' ? byKind.get(kind) : undefined;
    if (check === undefined) return { error: `${where}/kind: must be one of ${KINDS}` };
    if (!check.Check(event)) return { error: describe(where, firstError(check.Errors(event))) };
  }
  return { value: value as AnalyticsEventBatch };
}

/** The route's validator compiler: the batch check for the body, TypeBox's own for the rest. */
export const strictBatchCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  if (httpPart === 'body')
    return (data: unknown) => {
      const result = checkBatch(data);
      return 'error' in result ? { error: new Error(result.error) } : result;
    };
  const check = Compile(schema);
  return (data: unknown) =>
    check.Check(data)
      ? { value: data }
      : { error: new Error(describe(httpPart ?? 'request', firstError(check.Errors(data)))) };
};

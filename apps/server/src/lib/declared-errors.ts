import { ErrorBodySchema } from '@antenne/contract';
import type { RouteOptions } from 'fastify';

/** Methods whose body Fastify reads (and so can refuse as too large or of a type it has no parser for). */
export const BODY_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The error answers every route can give whatever it does, added to its documented answers (an
 * onRoute hook, so that every module's routes get them, and so the OpenAPI document and a
 * fuzzer driven by it know them):
 *
 * - 400: any path parameter, query or body can be refused (schemas, the input guards of
 *   input-guard.ts: NUL, lone surrogates, invalid or too deep JSON);
 * - 413 and 415, on a method with a body: past the body limit, a content type without a parser.
 *
 * What only some routes answer (401, 403, 404, 409, 429 …) each route declares itself.
 */
export function statusesEveryRouteCanAnswer(method: string): number[] {
  return BODY_METHODS.includes(method) ? [400, 413, 415] : [400];
}

/** The onRoute hook: adds the error body for those statuses to a documented route's responses. */
export function declareErrorAnswers(route: RouteOptions): void {
  const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
  if (schema === undefined || schema.hide === true) return;
  const methods = [route.method].flat();
  const response: Record<string, unknown> = { ...schema.response };
  for (const method of methods) {
    for (const status of statusesEveryRouteCanAnswer(method)) response[status] ??= ErrorBodySchema;
  }
  schema.response = response;
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import { ApiError } from './errors.js';

/**
 * The app-wide refusal of hostile input (ADR 0013), before any route sees it:
 *
 * - JSON bodies are decoded as strict UTF-8 (invalid bytes are refused, never replaced), nested
 *   at most MAX_JSON_DEPTH levels (measured by a scan, before parsing, so depth never costs a
 *   stack), parsed with Fastify's own protection against `__proto__` keys; an empty body is no
 *   body (Exposure clients send `Content-Type: application/json` on body-less calls).
 * - Every string of the path parameters, the query and the body (object keys too) is refused
 *   when it holds a NUL character (PostgreSQL cannot store one) or a lone surrogate (not Unicode:
 *   each engine would store something else than what was sent).
 *
 * - Every number of the path parameters, the query and the body is refused when it is not finite:
 *   JSON.parse reads `1e309` as Infinity, and Ajv coerces the query's `?pageNumber=1e309` to
 *   Infinity without applying `maximum` to it (checked again after validation for that reason).
 *
 * Each refusal is 400 with the error body naming the place: `body.displayName: contains a NUL character`.
 */

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The deepest nesting of a JSON text, counting brackets outside strings (the text need not be valid). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
    }
  }
  return deepest;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const invalidJson = (extendedMessage: string) => new ApiError(400, 'INVALID_JSON', extendedMessage);

/**
 * A JSON body: undefined when empty (or only white space); throws 400 INVALID_JSON when it is not
 * UTF-8, nested too deep, not JSON, or carries a prototype-poisoning key.
 */
export function parseJsonBody(raw: Buffer | string): unknown {
  let text: string;
  if (typeof raw === 'string') {
    text = raw;
  } else {
    try {
      text = utf8.decode(raw);
    } catch {
      throw invalidJson('body is not valid UTF-8');
    }
  }
  if (text.trim() === '') return undefined;
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw invalidJson(`body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return secureJsonParse(text, null, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    if (error instanceof SyntaxError && /prototype/.test(error.message)) {
      throw invalidJson('body has a forbidden __proto__ or constructor.prototype key');
    }
    throw invalidJson('body is not valid JSON');
  }
}

/** A Fastify content-type parser (parseAs 'buffer') over parseJsonBody. */
export function jsonContentParser(
  _request: FastifyRequest,
  body: Buffer | string,
  done: (error: Error | null, value?: unknown) => void,
): void {
  try {
    done(null, parseJsonBody(body));
  } catch (error) {
    done(error as Error);
  }
}

// A lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a string, or undefined. */
function stringProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(value)) return 'contains a lone surrogate (not valid Unicode)';
  return undefined;
}

/**
 * The first hostile string or non-finite number in a parsed value, as `<where>: <problem>`;
 * undefined when there is none. `where` is a JSON path from `root` (`body.items[2].name`).
 */
export function findHostileString(value: unknown, where: string, depth = 0): string | undefined {
  if (typeof value === 'string') {
    const problem = stringProblem(value);
    return problem === undefined ? undefined : `${where}: ${problem}`;
  }
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : `${where}: is not a finite number`;
  if (typeof value !== 'object' || value === null || depth > MAX_JSON_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findHostileString(value[i], `${where}[${i}]`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = stringProblem(key);
    if (keyProblem !== undefined) return `${where}: a key ${keyProblem}`;
    const found = findHostileString(item, `${where}.${key}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A preValidation hook: 400 BAD_REQUEST when the path parameters, query or body hold a hostile string. */
export async function refuseHostileStrings(request: FastifyRequest): Promise<void> {
  const found =
    findHostileString(request.params, 'params') ??
    findHostileString(request.query, 'query') ??
    findHostileString(request.body, 'body');
  if (found !== undefined) throw new ApiError(400, 'BAD_REQUEST', found);
}

/**
 * A preHandler hook: 400 BAD_REQUEST when validation coerced a path parameter or a query value to
 * a number that is not finite (Ajv turns `'1e309'` into Infinity and then skips its bounds).
 */
export async function refuseNonFiniteNumbers(request: FastifyRequest): Promise<void> {
  const found = findHostileString(request.params, 'params') ?? findHostileString(request.query, 'query');
  if (found !== undefined) throw new ApiError(400, 'BAD_REQUEST', found);
}

/**
 * Installs the guards on the root instance, before any route is registered (hooks and parsers
 * reach every plugin registered after): the strict JSON parser, the hostile-string check, and the
 * finite-number check after validation.
 */
export function installInputGuards(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, jsonContentParser);
  app.addHook('preValidation', refuseHostileStrings);
  app.addHook('preHandler', refuseNonFiniteNumbers);
}

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { AjvCompiler, type Ajv } from '@fastify/ajv-compiler';
import { ErrorBodySchema } from '@antenne/contract';
import type { JsonSchema } from './arbitraries.js';

/**
 * The fuzzer's view of the OpenAPI document, and the checker of an answer against it: below 500,
 * of a status the operation declares, matching the schema declared for it, every error the error
 * body. Ajv is Fastify's own validator factory (Ajv 8), set to check answers as they are.
 */

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
export interface Answer {
  content?: Record<string, { schema?: JsonSchema }>;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, Answer>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface FuzzOperation {
  key: string;
  method: string;
  path: string;
  operation: Operation;
}

export type Auth = 'session' | 'anonymous' | 'bogus';

export interface FuzzRequest {
  op: FuzzOperation;
  /** Another method than the operation's, one the path does not have (a stray request): only the error body is checked. */
  strayMethod?: string;
  url: string;
  /** The operation's declared query parameters this request carries (the run's coverage). */
  queryParams: string[];
  auth: Auth;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

/** The operations of the document, one per path and method. */
export function operationsOf(doc: OpenApiDocument): FuzzOperation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}

/** The body as text, decompressed when it was sent compressed. */
export function bodyText(raw: Buffer, encoding: string | string[] | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

/** The checker of answers to the operations of `doc`. */
export function answerChecker(doc: OpenApiDocument) {
  let ajv = undefined as Ajv | undefined;
  // Fastify's own validator factory (Ajv 8), set to check answers as they are: no coercion, no defaults.
  AjvCompiler()(
    {},
    {
      customOptions: {
        coerceTypes: false,
        useDefaults: false,
        removeAdditional: false,
        strict: false,
        allErrors: true,
      },
      onCreate: (instance) => {
        ajv = instance;
      },
    },
  );
  if (ajv === undefined) throw new Error('Ajv was not created');
  ajv.addSchema({ $id: 'openapi.json', components: doc.components ?? {} });
  const compiler: Ajv = ajv;

  const validators = new Map<string, ReturnType<Ajv['compile']>>();
  function validatorFor(key: string, schema: JsonSchema) {
    let validate = validators.get(key);
    if (validate === undefined) {
      validate = compiler.compile(
        JSON.parse(
          JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'),
        ) as object,
      );
      validators.set(key, validate);
    }
    return validate;
  }
  const errorBody = () =>
    validatorFor('ErrorBody', JSON.parse(JSON.stringify(ErrorBodySchema)) as JsonSchema);

  /** A stray request may answer any client error, in the error body. */
  const strayOperation: FuzzOperation = {
    key: 'stray',
    method: '',
    path: '',
    operation: {
      responses: {
        default: {
          content: {
            'application/json': { schema: JSON.parse(JSON.stringify(ErrorBodySchema)) as JsonSchema },
          },
        },
      },
    },
  };

  /** What is wrong with an answer, or undefined. */
  function problemOf(
    op: FuzzOperation,
    status: number,
    contentType: string,
    body: string,
  ): string | undefined {
    if (status >= 500) return `answered ${status}`;
    const declared = op.operation.responses[String(status)] ?? op.operation.responses.default;
    if (declared === undefined) return `answered ${status}, which the operation does not declare`;
    const isJson = /^application\/json/.test(contentType);
    let parsed: unknown;
    if (isJson) {
      try {
        parsed = body === '' ? null : JSON.parse(body);
      } catch {
        return `answered ${status} with a body that is not JSON`;
      }
    }
    if (status >= 400) {
      if (!isJson) return `answered ${status} as ${contentType || 'no content type'}, not the error body`;
      const validate = errorBody();
      if (!validate(parsed))
        return `answered ${status} without the error body: ${compiler.errorsText(validate.errors)}`;
      if ((parsed as { httpCode?: number }).httpCode !== status)
        return `answered ${status} with httpCode ${(parsed as { httpCode?: number }).httpCode}`;
    }
    const schema = declared.content?.['application/json']?.schema;
    if (isJson && schema !== undefined) {
      const validate = validatorFor(`${op.key} ${status}`, schema);
      if (!validate(parsed))
        return `answered ${status} not matching its declared schema: ${compiler.errorsText(validate.errors)}`;
    }
    return undefined;
  }

  return { problemOf, strayOperation };
}

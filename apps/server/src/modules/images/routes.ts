import { createReadStream } from 'node:fs';
import { ErrorBodySchema } from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../lib/errors.js';
import {
  FITS,
  matchesIfNoneMatch,
  MAX_DIMENSION,
  OUTPUT_FORMATS,
  type ImageService,
} from './image-service.js';

export interface ImageRoutesOptions {
  /** The app's one image service (app.ts builds it: originals, variant cache, concurrency). */
  images: ImageService;
}

export const IMAGES_PREFIX = '/images/';
/** Originals may change under the same name (the ETag follows them): a day fresh, a week stale-while-revalidate. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';
/** An SVG opened on its own is a document: no scripts, no plugins, no forms. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

const dimension = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_DIMENSION, description });

const ImageQuerySchema = Type.Object({
  w: Type.Optional(dimension('Width in pixels (1-4096)')),
  width: Type.Optional(dimension('Same as w')),
  h: Type.Optional(dimension('Height in pixels (1-4096)')),
  height: Type.Optional(dimension('Same as h')),
  format: Type.Optional(
    Type.Enum([...OUTPUT_FORMATS], {
      description:
        'Output format; absent: AVIF or WebP when Accept names them, else JPEG for a JPEG or a PNG without transparency, else PNG',
    }),
  ),
  fit: Type.Optional(
    Type.Enum([...FITS], { description: 'How the image fills a w×h box (default cover: cropped to fill)' }),
  ),
  q: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, description: 'Quality of lossy formats (1-100)' }),
  ),
});

/** Documents the bytes per media type; Fastify never serializes a Buffer or a stream. */
const binary = Type.Unsafe<Buffer | NodeJS.ReadableStream>({ type: 'string', format: 'binary' });
const ImageBodySchema = {
  description: 'The image',
  content: Object.fromEntries(
    ['image/avif', 'image/webp', 'image/jpeg', 'image/png', 'image/svg+xml'].map((type) => [
      type,
      { schema: binary },
    ]),
  ),
};
const NotModifiedSchema = Type.Unsafe<undefined>({
  type: 'null',
  description: 'Not modified (If-None-Match matched the ETag)',
});

const ImageParamsSchema = Type.Object({
  '*': Type.String({ description: 'Path of the original under the images folder' }),
});

/**
 * `GET /images/<path>`: an original from DATA_DIR/images, resized and re-encoded on the fly when
 * asked (`?w=&h=&format=&fit=&q=`), with variants cached on disk under DATA_DIR/cache/images.
 */
export const imageRoutes: FastifyPluginAsyncTypebox<ImageRoutesOptions> = async (
  app,
  { images: service },
) => {
  app.get(
    `${IMAGES_PREFIX}*`,
    {
      schema: {
        tags: ['images'],
        summary: 'An image, resized and re-encoded on the fly',
        description:
          'Without w, h or format: the original bytes. With only one of w and h the aspect ratio is kept; ' +
          'raster originals are never enlarged more than twice. SVG originals are sent as they are unless a format is asked.',
        params: ImageParamsSchema,
        querystring: ImageQuerySchema,
        response: {
          200: ImageBodySchema,
          304: NotModifiedSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          500: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const width = oneOf('w', query.w, 'width', query.width);
      const height = oneOf('h', query.h, 'height', query.height);
      // The raw path: Fastify's decoded parameter would hide how it was encoded.
      const encodedPath = (request.url.split('?', 1)[0] ?? '').slice(IMAGES_PREFIX.length);

      const original = await service.locate(encodedPath);
      const plan = service.plan(original, {
        width,
        height,
        format: query.format,
        fit: query.fit ?? 'cover',
        quality: query.q,
        accept: request.headers.accept,
      });

      // Caching headers only on a success or a 304: an error must never be kept a day by a CDN.
      const cacheHeaders = () => {
        reply.header('cache-control', IMAGE_CACHE_CONTROL).header('etag', plan.etag);
        if (plan.negotiated) reply.header('vary', 'Accept');
      };
      if (matchesIfNoneMatch(request.headers['if-none-match'], plan.etag)) {
        cacheHeaders();
        return reply.code(304).send(undefined);
      }

      const body = await service.body(original, plan);
      cacheHeaders();
      reply.type(plan.contentType);
      if (plan.contentType === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
      if ('buffer' in body) return reply.send(body.buffer);
      return reply.header('content-length', body.size).send(createReadStream(body.file));
    },
  );
};

/** A parameter given under its short or long name; both with different values is a mistake. */
function oneOf(
  shortName: string,
  short: number | undefined,
  longName: string,
  long: number | undefined,
): number | undefined {
  if (short !== undefined && long !== undefined && short !== long) {
    throw new ApiError(400, 'BAD_REQUEST', `querystring/${shortName} and querystring/${longName} disagree`);
  }
  return short ?? long;
}

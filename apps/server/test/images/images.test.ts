import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import { IMAGE_CACHE_CONTROL } from '../../src/modules/images/routes.js';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../helpers/test-app.js';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50"><rect width="100" height="50" fill="#0a7"/></svg>';

/** Every file under a folder, recursively. */
function filesUnder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

const sizeOf = async (bytes: Buffer) => {
  const { width, height, format } = await sharp(bytes).metadata();
  return { width, height, format };
};

// Images do not depend on the database engine: one engine is enough.
describe('images', () => {
  let testDb: TestDatabase;
  let app: App;
  let dataDir: string;
  let cacheDir: string;
  let pngBytes: Buffer;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite', { seed: false });
    dataDir = testDb.options.dataDir;
    cacheDir = path.join(dataDir, 'cache', 'images');
    const originals = path.join(dataDir, 'images');
    mkdirSync(path.join(originals, 'assets', 'a1'), { recursive: true });

    // 1280×720 navy with a teal rectangle, a 320×240 JPEG, a 100×50 SVG, a corrupt "PNG".
    pngBytes = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#0b1a33' } })
      .composite([{ input: Buffer.from(SVG), top: 100, left: 200 }])
      .png()
      .toBuffer();
    writeFileSync(path.join(originals, 'assets', 'a1', 'poster.png'), pngBytes);
    writeFileSync(
      path.join(originals, 'photo.jpg'),
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c33' } })
        .jpeg()
        .toBuffer(),
    );
    writeFileSync(path.join(originals, 'logo.svg'), SVG);
    // A PNG without alpha (as the demo's opaque drawings), one with a palette (it may be transparent).
    writeFileSync(
      path.join(originals, 'opaque.png'),
      await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0a7' } })
        .png()
        .toBuffer(),
    );
    writeFileSync(
      path.join(originals, 'palette.png'),
      await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0a7' } })
        .png({ palette: true })
        .toBuffer(),
    );
    writeFileSync(
      path.join(originals, 'corrupt.png'),
      Buffer.concat([pngBytes.subarray(0, 40), Buffer.alloc(200, 7)]),
    );
    writeFileSync(path.join(originals, 'notes.txt'), 'not an image');
    // Outside the images folder: no URL may ever reach it.
    writeFileSync(path.join(dataDir, 'secret.png'), pngBytes);
    symlinkSync(path.join(dataDir, 'secret.png'), path.join(originals, 'link.png'));

    app = await buildTestApp(testDb);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const POSTER = '/images/assets/a1/poster.png';

  describe('resizing', () => {
    test('to the width and height asked', async () => {
      const res = await app.inject(`${POSTER}?w=320&h=180&format=png`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(await sizeOf(res.rawPayload)).toEqual({ width: 320, height: 180, format: 'png' });
    });

    test('the spec names width and height work too', async () => {
      const res = await app.inject(`${POSTER}?width=90&height=135&format=png`);
      expect(await sizeOf(res.rawPayload)).toMatchObject({ width: 90, height: 135 });
    });

    test.each([
      ['w=640', 640, 360],
      ['h=90', 160, 90],
      ['width=280', 280, 158],
    ])('one dimension (%s) keeps the aspect ratio', async (query, width, height) => {
      const res = await app.inject(`${POSTER}?${query}&format=png`);
      expect(await sizeOf(res.rawPayload)).toMatchObject({ width, height });
    });

    test.each([
      ['cover', 200, 200],
      ['contain', 200, 200],
      ['inside', 200, 113],
    ])('fit=%s', async (fit, width, height) => {
      const res = await app.inject(`${POSTER}?w=200&h=200&fit=${fit}&format=png`);
      expect(await sizeOf(res.rawPayload)).toMatchObject({ width, height });
    });

    test('a raster original is never enlarged more than twice', async () => {
      const res = await app.inject('/images/photo.jpg?w=1280');
      expect(await sizeOf(res.rawPayload)).toMatchObject({ width: 640, height: 480, format: 'jpeg' });
    });

    test('an SVG is rasterised, at any size, only when a format is asked', async () => {
      const asIs = await app.inject('/images/logo.svg?w=400');
      expect(asIs.headers['content-type']).toBe('image/svg+xml');
      expect(asIs.headers.vary).toBeUndefined();
      expect(asIs.body).toBe(SVG);
      expect(asIs.headers['content-security-policy']).toContain('sandbox');

      const raster = await app.inject('/images/logo.svg?w=400&format=png');
      expect(await sizeOf(raster.rawPayload)).toEqual({ width: 400, height: 200, format: 'png' });
    });
  });

  describe('format negotiation', () => {
    test.each([
      ['image/avif,image/webp,image/apng,*/*;q=0.8', 'image/avif', 'heif'],
      ['image/webp,*/*', 'image/webp', 'webp'],
      ['image/avif;q=0,image/webp', 'image/webp', 'webp'],
      ['*/*', 'image/png', 'png'],
      [undefined, 'image/png', 'png'],
    ])('Accept %s gives %s, with Vary: Accept', async (accept, type, format) => {
      const res = await app.inject({
        url: `${POSTER}?w=200`,
        headers: accept === undefined ? {} : { accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers.vary).toMatch(/\bAccept\b/);
      expect((await sizeOf(res.rawPayload)).format).toBe(format);
    });

    test('a JPEG original stays JPEG for a browser without WebP or AVIF', async () => {
      const res = await app.inject({ url: '/images/photo.jpg?w=100', headers: { accept: '*/*' } });
      expect(res.headers['content-type']).toBe('image/jpeg');
    });

    test('a PNG without alpha is sent as JPEG to a browser without WebP or AVIF', async () => {
      const res = await app.inject({ url: '/images/opaque.png?w=100', headers: { accept: 'image/png,*/*' } });
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers.vary).toMatch(/\bAccept\b/);
      expect(await sizeOf(res.rawPayload)).toEqual({ width: 100, height: 50, format: 'jpeg' });
    });

    test('a PNG that may be transparent stays PNG for a browser without WebP or AVIF', async () => {
      // The poster has an alpha channel (its SVG was composited in), the palette PNG may have a tRNS chunk.
      for (const name of ['assets/a1/poster.png', 'palette.png']) {
        const res = await app.inject({ url: `/images/${name}?w=100`, headers: { accept: 'image/png,*/*' } });
        expect(res.headers['content-type']).toBe('image/png');
        expect((await sizeOf(res.rawPayload)).format).toBe('png');
      }
    });

    test('an explicit format wins over Accept, without Vary', async () => {
      const res = await app.inject({
        url: `${POSTER}?w=200&format=jpeg`,
        headers: { accept: 'image/avif,image/webp' },
      });
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers.vary).toBeUndefined();
      expect((await sizeOf(res.rawPayload)).format).toBe('jpeg');
    });
  });

  describe('caching', () => {
    test('the original is sent as it is, with an ETag and the cache policy', async () => {
      const res = await app.inject(POSTER);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
      expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(res.headers.vary).toBeUndefined();
      expect(Buffer.compare(res.rawPayload, pngBytes)).toBe(0);
    });

    test('If-None-Match with the ETag gives 304 without a body', async () => {
      const url = `${POSTER}?w=150&format=webp`;
      const first = await app.inject(url);
      const etag = String(first.headers.etag);
      expect(first.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
      const again = await app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect((await app.inject({ url, headers: { 'if-none-match': `"other", W/${etag}` } })).statusCode).toBe(
        304,
      );
      // Another variant has another ETag.
      const other = await app.inject(`${POSTER}?w=151&format=webp`);
      expect(other.headers.etag).not.toBe(etag);
      expect(
        (await app.inject({ url: `${POSTER}?w=151&format=webp`, headers: { 'if-none-match': etag } }))
          .statusCode,
      ).toBe(200);
    });

    test('the second identical request is served from the disk cache', async () => {
      const url = `${POSTER}?w=123&h=77&format=png`;
      const before = filesUnder(cacheDir);
      const first = await app.inject(url);
      const added = filesUnder(cacheDir).filter((file) => !before.includes(file));
      expect(added).toHaveLength(1);
      const [cacheFile = ''] = added;
      expect(Buffer.compare(readFileSync(cacheFile), first.rawPayload)).toBe(0);

      // Replace the cached bytes: the next answer comes from the file, not from a new resize.
      const marker = await sharp({ create: { width: 123, height: 77, channels: 3, background: '#f00' } })
        .png()
        .toBuffer();
      writeFileSync(cacheFile, marker);
      const second = await app.inject(url);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(Buffer.compare(second.rawPayload, marker)).toBe(0);
      expect(filesUnder(cacheDir).filter((file) => !before.includes(file))).toHaveLength(1);
      expect(filesUnder(cacheDir).some((file) => file.endsWith('.tmp'))).toBe(false);
    });

    test('concurrent identical requests share one resize and one cache file', async () => {
      const url = `${POSTER}?w=211&format=webp`;
      const before = filesUnder(cacheDir);
      const answers = await Promise.all(Array.from({ length: 6 }, () => app.inject(url)));
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const bodies = new Set(answers.map((res) => res.rawPayload.toString('base64')));
      expect(bodies.size).toBe(1);
      expect(filesUnder(cacheDir).filter((file) => !before.includes(file))).toHaveLength(1);
    });

    test('HEAD gives the headers and the length without a body', async () => {
      const get = await app.inject(`${POSTER}?w=100&format=webp`);
      const head = await app.inject({ method: 'HEAD', url: `${POSTER}?w=100&format=webp` });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('image/webp');
      expect(head.headers['content-length']).toBe(String(get.rawPayload.length));
      expect(head.rawPayload.length).toBe(0);
      const original = await app.inject({ method: 'HEAD', url: POSTER });
      expect(original.headers['content-length']).toBe(String(pngBytes.length));
      expect(original.rawPayload.length).toBe(0);
    });
  });

  describe('bad requests', () => {
    test.each(['w', 'h', 'width', 'height'])('a bad %s is a 400 naming it', async (name) => {
      for (const value of ['0', '-1', '5000', 'abc', '1.5']) {
        const res = await app.inject(`${POSTER}?${name}=${value}`);
        expect(res.statusCode, `${name}=${value}`).toBe(400);
        const body = res.json<{ httpCode: number; message: string; extendedMessage: string }>();
        expect(body).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST' });
        expect(body.extendedMessage).toMatch(new RegExp(`\\b${name}\\b`));
      }
    });

    test.each([
      ['format=gif', 'format'],
      ['format=', 'format'],
      ['fit=fill', 'fit'],
      ['q=0', 'q'],
      ['q=101', 'q'],
      ['w=10&width=20', 'width'],
    ])('%s is a 400 naming %s', async (query, name) => {
      const res = await app.inject(`${POSTER}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ extendedMessage: string }>().extendedMessage).toMatch(new RegExp(`\\b${name}\\b`));
    });

    test.each([
      '/images/../secret.png',
      '/images/%2e%2e/secret.png',
      '/images/..%2fsecret.png',
      '/images/%2e%2e%2fsecret.png',
      '/images/assets/..%2f..%2f..%2fsecret.png',
      '/images/%2fetc%2fpasswd.png',
      '/images//etc/passwd.png',
      '/images/..%5csecret.png',
      '/images/secret.png%00.png',
      '/images/%252e%252e/secret.png',
      '/images/.hidden.png',
      '/images/link.png',
      '/images/%E0%A4%A.png',
    ])('%s never reaches a file outside the images folder', async (url) => {
      for (const query of ['', '?w=10&format=png']) {
        const res = await app.inject(url + query);
        expect(res.statusCode, url + query).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      }
    });

    test('an unknown file is a 404 error body', async () => {
      for (const url of [
        '/images/assets/nope/poster.png',
        '/images/assets/nope/poster.png?w=100',
        '/images/notes.txt',
        '/images/assets',
      ]) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ httpCode: 404, message: 'NOT_FOUND' });
      }
    });

    test('a corrupt original answers an error body and the server keeps answering', async () => {
      const res = await app.inject('/images/corrupt.png?w=100');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ httpCode: 500, message: 'INTERNAL_ERROR' });
      expect(res.headers['cache-control']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
      expect(
        (await app.inject({ url: '/images/corrupt.png?w=100', headers: { accept: 'image/avif' } }))
          .statusCode,
      ).toBe(500);
      // Asked as it is, its bytes are sent untouched.
      expect((await app.inject('/images/corrupt.png')).statusCode).toBe(200);
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      expect((await app.inject(`${POSTER}?w=64&format=png`)).statusCode).toBe(200);
    });
  });

  test('the OpenAPI document lists the image route and its parameters', async () => {
    const doc = (await app.inject('/api/docs/openapi.json')).json<{
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    }>();
    const route = Object.entries(doc.paths).find(([key]) => key.startsWith('/images/'));
    expect(route).toBeDefined();
    const names = (route?.[1].get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['w', 'h', 'width', 'height', 'format', 'fit', 'q']));
  });
});

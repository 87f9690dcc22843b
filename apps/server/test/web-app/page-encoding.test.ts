import zlib from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { BEST_BROTLI_AFTER_ASKS, EncodedBody } from '../../src/modules/web-app/page-encoding.js';

/** A page's compressed variants (page-encoding.ts): what a visitor gets, and what the server spends. */

const html = `<!doctype html><html><body>${Array.from(
  { length: 400 },
  (_, i) => `<a href="/details/vod/film-${i}">Film ${i} — ${'un titre '.repeat(i % 7)}</a>`,
).join('')}</body></html>`;

describe('EncodedBody', () => {
  test('a page asked once gets a fast brotli and costs no best one; asked again, the best replaces it', async () => {
    expect(BEST_BROTLI_AFTER_ASKS).toBe(2);
    const body = new EncodedBody(html);
    const first = await body.bytes('br');
    expect(zlib.brotliDecompressSync(first).toString('utf8')).toBe(html);
    expect(body.bestBrotliDone).toBeUndefined();

    const second = await body.bytes('br');
    expect(second).toBe(first); // still the fast one, the best now computed in the background
    expect(body.bestBrotliDone).toBeDefined();
    await body.bestBrotliDone;
    const best = await body.bytes('br');
    expect(best.length).toBeLessThan(first.length);
    expect(zlib.brotliDecompressSync(best).toString('utf8')).toBe(html);
  });

  test('prepared (index.html, asked by every visitor): the best is computed at once', async () => {
    const body = new EncodedBody(html);
    body.prepare();
    expect(body.bestBrotliDone).toBeDefined();
    await body.bestBrotliDone;
    expect(zlib.brotliDecompressSync(await body.bytes('br')).toString('utf8')).toBe(html);
    expect(zlib.gunzipSync(await body.bytes('gzip')).toString('utf8')).toBe(html);
    expect((await body.bytes('identity')).toString('utf8')).toBe(html);
  });
});

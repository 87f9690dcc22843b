import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { heroImage, heroImageSources, type HeroBannerItem } from '@antenne/contract';
import { demoCatalogue } from '@antenne/content';
import { planImages, renderImage } from '@antenne/content/images';
import type { App } from '../../src/app.js';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../helpers/test-app.js';

/** The weight budget of the home page's hero image on a phone (issue 16). */
const BUDGET_BYTES = 60 * 1024;

/** A 412×915 CSS px phone at DPR 2.625 (a Pixel 7, Lighthouse's mobile width), portrait. */
const PHONE = { width: 412, height: 915, dpr: 2.625 };

/** The CSS px a `sizes` attribute gives in this viewport (the media conditions and units it uses). */
function sizesPx(sizes: string, viewport: { width: number; height: number }): number {
  const length = (value: string): number => {
    const [, n = '', unit] = /^([\d.]+)(vw|vh|px)$/.exec(value.trim()) ?? [];
    if (unit === undefined) throw new Error(`length not understood: ${value}`);
    return (
      (Number(n) * (unit === 'px' ? 1 : unit === 'vw' ? viewport.width : viewport.height)) /
      (unit === 'px' ? 1 : 100)
    );
  };
  const holds = (condition: string): boolean => {
    const minWidth = /^\(min-width: (\d+)px\)$/.exec(condition);
    if (minWidth) return viewport.width >= Number(minWidth[1]);
    const aspect = /^\(min-aspect-ratio: (\d+)\/(\d+)\)$/.exec(condition);
    if (aspect) return viewport.width / viewport.height >= Number(aspect[1]) / Number(aspect[2]);
    throw new Error(`media condition not understood: ${condition}`);
  };
  for (const entry of sizes.split(',').map((s) => s.trim())) {
    const match = /^(\(.+\))\s+(\S+)$/.exec(entry);
    if (match === null) return length(entry);
    if (holds(match[1] ?? '')) return length(match[2] ?? '');
  }
  throw new Error('no size applies');
}

/** The candidate a browser takes from a `w` srcset: the smallest whose density reaches the DPR. */
function pick(srcset: string, slotPx: number, dpr: number): { url: string; width: number } {
  const candidates = srcset
    .split(', ')
    .map((entry) => {
      const [url = '', descriptor = ''] = entry.split(' ');
      return { url, width: Number(descriptor.replace(/w$/, '')) };
    })
    .sort((a, b) => a.width - b.width);
  const chosen = candidates.find((c) => c.width / slotPx >= dpr) ?? candidates.at(-1);
  if (chosen === undefined) throw new Error('empty srcset');
  return chosen;
}

/** The image the demo's home hero shows first, as the web app and the server's preload choose it. */
function firstHeroImageUrl(): string {
  const hero = demoCatalogue().structure?.components?.find((c) => c.id === 'home-hero');
  const first = hero?.components?.heroBannerItems?.[0] as HeroBannerItem | undefined;
  const url = heroImage(first?.presentation?.fallback?.images)?.url;
  if (url === undefined) throw new Error('the demo home has no hero image');
  return url;
}

// Images do not depend on the database engine: one engine is enough.
describe('the demo hero image on a phone', () => {
  let testDb: TestDatabase;
  let app: App;
  const heroUrl = firstHeroImageUrl();
  const sources = heroImageSources(heroUrl);
  const slot = sizesPx(sources.sizes, PHONE);
  const candidate = pick(sources.srcset, slot, PHONE.dpr);

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite', { seed: false });
    // The demo's own original, drawn by its generator, where the server looks for originals.
    const job = planImages(demoCatalogue()).jobs.find((j) => j.url === heroUrl);
    if (job === undefined) throw new Error(`no demo image ${heroUrl}`);
    const file = path.join(testDb.options.dataDir, 'images', job.file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, await renderImage(job));
    app = await buildTestApp(testDb);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  test('the srcset gives a 412 px phone at DPR 2.625 the 1600 px candidate (the art covers 133vw)', () => {
    expect(slot).toBeCloseTo((412 * 4) / 3, 0);
    expect(candidate.width).toBe(1600);
    expect(candidate.url).toBe(`${heroUrl}?w=1600`);
  });

  test.each([
    ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'image/avif', 'heif'],
    ['image/webp,*/*', 'image/webp', 'webp'],
    ['image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5', 'image/jpeg', 'jpeg'],
  ])('Accept %s: %s within 60 KB, at the candidate width', async (accept, type, format) => {
    const res = await app.inject({ url: candidate.url, headers: { accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    const { width, height, format: decoded } = await sharp(res.rawPayload).metadata();
    expect({ width, format: decoded }).toEqual({ width: 1600, format });
    // The art's 64:27 kept.
    expect(height).toBe(675);
    expect(res.rawPayload.length).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});

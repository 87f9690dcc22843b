import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiError } from '../../src/lib/errors.js';
import {
  ImageService,
  matchesIfNoneMatch,
  negotiate,
  type Original,
} from '../../src/modules/images/image-service.js';
import { JobQueue, QueueFullError } from '../../src/modules/images/job-queue.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('JobQueue', () => {
  test('runs at most `concurrency` jobs at once, in order', async () => {
    const queue = new JobQueue(2, 10);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const job = (n: number) => async () => {
      running += 1;
      peak = Math.max(peak, running);
      await tick();
      running -= 1;
      order.push(n);
      return n;
    };
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => queue.run(job(n))))).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order.slice(0, 2).sort()).toEqual([1, 2]);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  test('refuses at once when the waiting line is full, and a failing job frees its slot', async () => {
    const queue = new JobQueue(1, 1);
    const first = queue.run(async () => {
      await tick();
      throw new Error('boom');
    });
    const second = queue.run(async () => 'second');
    await expect(queue.run(async () => 'third')).rejects.toBeInstanceOf(QueueFullError);
    await expect(first).rejects.toThrow('boom');
    expect(await second).toBe('second');
    expect(await queue.run(async () => 'again')).toBe('again');
  });
});

describe('negotiation and validators', () => {
  test.each([
    ['image/avif,image/webp,*/*', 'png', 'avif'],
    ['image/webp,*/*', 'png', 'webp'],
    ['image/avif;q=0, image/webp;q=0.5', 'jpeg', 'webp'],
    ['image/*,*/*;q=0.8', 'jpeg', 'jpeg'],
    ['', 'png', 'png'],
    [undefined, 'webp', 'png'],
    ['text/html', 'svg', 'png'],
  ] as const)('Accept %s for a %s original gives %s', (accept, kind, format) => {
    expect(negotiate(accept, kind)).toBe(format);
  });

  test('an opaque PNG is sent as JPEG, not PNG, when neither AVIF nor WebP is accepted', () => {
    expect(negotiate('image/png,*/*', 'png', true)).toBe('jpeg');
    expect(negotiate('image/png,*/*', 'png', false)).toBe('png');
    expect(negotiate('image/webp,*/*', 'png', true)).toBe('webp');
  });

  test('If-None-Match', () => {
    expect(matchesIfNoneMatch(undefined, '"a"')).toBe(false);
    expect(matchesIfNoneMatch('"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b", W/"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b"', '"a"')).toBe(false);
  });
});

describe('ImageService', () => {
  let dir: string;
  let original: Original;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'antenne-images-'));
    mkdirSync(path.join(dir, 'images'));
    writeFileSync(
      path.join(dir, 'images', 'card.png'),
      await sharp({ create: { width: 400, height: 225, channels: 3, background: '#0a7' } })
        .png()
        .toBuffer(),
    );
    original = await serviceIn('cache-locate').locate('card.png');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const serviceIn = (name: string, options: { concurrency?: number; maxWaiting?: number } = {}) =>
    new ImageService({ originalsDir: path.join(dir, 'images'), cacheDir: path.join(dir, name), ...options });

  test('identical requests at the same time share one render; later ones come from the disk', async () => {
    const service = serviceIn('cache-shared');
    const plan = service.plan(original, { width: 100, fit: 'cover', format: 'webp' });
    const bodies = await Promise.all(Array.from({ length: 5 }, () => service.body(original, plan)));
    expect(service.stats).toEqual({ renders: 1, diskHits: 0, shared: 4 });
    expect(new Set(bodies.map((body) => ('buffer' in body ? body.buffer.toString('base64') : ''))).size).toBe(
      1,
    );
    expect(await service.body(original, plan)).toMatchObject({
      file: service.cacheFileOf(plan.variant?.key ?? '', 'webp'),
    });
    expect(service.stats).toEqual({ renders: 1, diskHits: 1, shared: 4 });
    expect(service.queueSize).toEqual({ running: 0, waiting: 0, inFlight: 0 });
  });

  test('a changed original gets a new key and ETag', async () => {
    const service = serviceIn('cache-changed');
    const before = service.plan(original, { width: 100, fit: 'cover', format: 'webp' });
    const after = service.plan(
      { ...original, mtimeMs: original.mtimeMs + 1000 },
      { width: 100, fit: 'cover', format: 'webp' },
    );
    expect(after.etag).not.toBe(before.etag);
  });

  test('a burst beyond the waiting line gets a 503, not more work', async () => {
    const service = serviceIn('cache-burst', { concurrency: 1, maxWaiting: 1 });
    const results = await Promise.allSettled(
      [101, 102, 103, 104].map((width) =>
        service.body(original, service.plan(original, { width, fit: 'cover', format: 'png' })),
      ),
    );
    const refused = results
      .filter((result) => result.status === 'rejected')
      .map((result) => result.reason as ApiError);
    expect(refused.length).toBe(2);
    expect(refused.every((error) => error instanceof ApiError && error.httpCode === 503)).toBe(true);
    expect(service.stats.renders).toBe(2);
  });
});

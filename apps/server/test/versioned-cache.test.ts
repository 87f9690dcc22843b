import { describe, expect, test } from 'vitest';
import { VersionedCache } from '../src/lib/versioned-cache.js';

describe('VersionedCache', () => {
  const setup = () => {
    let version = 1;
    let now = 0;
    let versionReads = 0;
    const cache = new VersionedCache(
      async () => {
        versionReads += 1;
        return version;
      },
      1000,
      10_000,
      () => now,
    );
    return {
      cache,
      bump: () => void (version += 1),
      advance: (ms: number) => void (now += ms),
      versionReads: () => versionReads,
    };
  };

  test('loads once, then answers from memory until the catalogue version changes', async () => {
    const { cache, bump, advance, versionReads } = setup();
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await cache.get('k', load)).toBe('value 1');
    expect(await cache.get('k', load)).toBe('value 1');
    expect(versionReads()).toBe(1);

    bump();
    expect(await cache.get('k', load)).toBe('value 1'); // not re-checked yet
    advance(1000);
    expect(await cache.get('k', load)).toBe('value 2');
    expect(versionReads()).toBe(2);
  });

  test('invalidate(): a change made by this process is seen by the very next read', async () => {
    const { cache, bump, versionReads } = setup();
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await cache.get('k', load)).toBe('value 1');
    bump();
    expect(await cache.get('k', load)).toBe('value 1'); // within the check interval
    cache.invalidate();
    expect(await cache.get('k', load)).toBe('value 2');
    expect(versionReads()).toBe(2);
  });

  test('does not remember absent values or failures', async () => {
    const { cache } = setup();
    let loads = 0;
    await cache.get('missing', async () => (loads++, undefined));
    await cache.get('missing', async () => (loads++, undefined));
    expect(loads).toBe(2);
    await expect(cache.get('broken', async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('broken', async () => 'ok')).toBe('ok');
  });
});

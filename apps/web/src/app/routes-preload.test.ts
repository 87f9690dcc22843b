import { describe, expect, test, vi } from 'vitest';
import { findRoute, preloadPage, routes } from './routes';

describe('preloadPage', () => {
  test('fetches the code of the page at a path, also behind a guard', async () => {
    const mycontent = routes.find((route) => route.path === '/mycontent');
    if (!mycontent) throw new Error('no /mycontent route');
    const spy = vi.spyOn(mycontent.page, 'preload');
    await preloadPage('/mycontent');
    expect(spy).toHaveBeenCalledOnce();
  });
});

describe('findRoute', () => {
  test.each([
    ['/', '/'],
    ['/details/vod/redbee:abc', '/details/vod/:id'],
    ['/details/epg/channel-59%231767225600000', '/details/epg/:id'],
    ['/player/abc', '/player/:id'],
    ['/player/abc/120', '/player/:id/:progress'],
    ['/legal/cgu', '/legal/:id'],
    ['/vod/page-cinema/', '/vod/:id'],
    ['/vod', '*'],
    ['/nowhere/at/all', '*'],
  ])('%s opens %s', (pathname, pattern) => {
    expect(findRoute(pathname).path).toBe(pattern);
  });
});

import { describe, expect, test, vi } from 'vitest';
import { preloadPage, routes } from './routes';
import type { LazyPage } from './lazy-page';

describe('preloadPage', () => {
  test('fetches the code of the page at a path, also behind a guard', async () => {
    const mycontent = routes
      .flatMap((route) => route.children ?? [])
      .find((route) => route.path === '/mycontent');
    const page = (mycontent?.element as { props: { page: LazyPage } }).props.page;
    const spy = vi.spyOn(page, 'preload');
    await preloadPage('/mycontent');
    expect(spy).toHaveBeenCalledOnce();
  });
});

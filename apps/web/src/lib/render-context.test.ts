import { beforeEach, describe, expect, test, vi } from 'vitest';

import type * as RenderContext from './render-context';

let module: typeof RenderContext;

beforeEach(async () => {
  // Each test is a page of its own: the module's state (first screen live, the turns) starts afresh.
  vi.resetModules();
  document.documentElement.removeAttribute('data-hydrated');
  module = await import('./render-context');
});

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('the parts of a server-drawn page', () => {
  test('hydrate after the page’s frame, one task each, in page order; then the page is marked live', async () => {
    const { hydrationTurn, notePageLive } = module;
    const order: string[] = [];
    const second = hydrationTurn('lane-series');
    const third = hydrationTurn('lane-cinema');
    expect(second).not.toBeNull();
    // Asked again (a part re-rendered while it waits): the same turn.
    expect(hydrationTurn('lane-series')).toBe(second);
    void second!.then(() => order.push('series'));
    void third!.then(() => order.push('cinema'));

    await nextTask();
    await nextTask();
    expect(order).toEqual([]);
    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(false);

    notePageLive();
    await second;
    // The first part's turn has come; the second's is a task later.
    expect(order).toEqual(['series']);
    await third;
    expect(order).toEqual(['series', 'cinema']);
    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(false);
    await vi.waitFor(() => expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true));
  });

  test('a part asked as another hydrates (a lane’s cards) takes the next turn; the page is live after it', async () => {
    const { hydrationTurn, notePageLive } = module;
    const order: string[] = [];
    const lane = hydrationTurn('lane-series');
    let cards: Promise<void> | null = null;
    void lane!.then(() => {
      order.push('lane');
      // The lane renders in its turn and its cards ask for theirs.
      cards = hydrationTurn('lane-series-cards-0');
      void cards!.then(() => order.push('cards'));
    });
    notePageLive();
    await lane;
    expect(cards).not.toBeNull();
    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(false);
    await cards;
    expect(order).toEqual(['lane', 'cards']);
    await vi.waitFor(() => expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true));
  });

  test('a part asking once the page is live (a later render) has nothing to wait for', async () => {
    const { hydrationTurn, notePageLive } = module;
    notePageLive();
    await vi.waitFor(() => expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true));
    expect(hydrationTurn('lane-sport')).toBeNull();
  });
});

import { beforeEach, describe, expect, test, vi } from 'vitest';

import type * as RenderContext from './render-context';

let module: typeof RenderContext;

beforeEach(async () => {
  // Each test is a page of its own: the module's state (the page live) starts afresh.
  vi.resetModules();
  document.documentElement.removeAttribute('data-hydrated');
  module = await import('./render-context');
});

describe('the page live', () => {
  test('marks the document once, then lets what waits for the page come when the browser is idle', async () => {
    vi.useFakeTimers();
    try {
      let came = 0;
      void module.afterPageLive.then(() => came++);
      expect(document.documentElement.hasAttribute('data-hydrated')).toBe(false);
      module.notePageLive();
      module.notePageLive();
      expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true);
      await Promise.resolve();
      expect(came).toBe(0);
      await vi.runAllTimersAsync();
      expect(came).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

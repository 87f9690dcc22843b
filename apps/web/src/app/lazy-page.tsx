import { lazy, type ComponentType } from 'react';

export type LazyPage = ComponentType & {
  preload: () => Promise<unknown>;
  /** Its source module (`src/features/home/home-page.tsx`): the build manifest's key for its chunk. */
  module: string;
};

/**
 * A code-split page. `preload()` fetches its chunk ahead of time (startup does so for the page
 * asked for); once loaded the page renders at once, with no Suspense fallback in between.
 */
export function lazyPage(module: string, load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload, module });
}

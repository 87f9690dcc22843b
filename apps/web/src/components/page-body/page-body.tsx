import { Suspense } from 'react';
import type { AdPage, ComponentReference } from '@antenne/contract';
import { AdSlot } from '../ad-slot/ad-slot';
import { HeroBanner } from '../hero/hero-banner';
import { Swimlane } from '../swimlane/swimlane';

/** An ad slot before every 5th block, at most before blocks 5 and 10 (spec part 2 §9). */
export const AD_EVERY_BLOCKS = 5;
export const AD_MAX_SLOTS = 2;
/**
 * Lanes of the catalogue rendered at once with the page (and in the server's HTML); the others load
 * as the visitor scrolls near them. Personal lanes (continue watching, favourites) are always at once:
 * a visitor's is a sign-in card, a user's comes after hydration.
 */
const EAGER_LANES = 2;

/** The blocks of a page body: the first hero banner only, then the carousels, in order. */
export function pageBlocks(body: readonly ComponentReference[]): ComponentReference[] {
  let heroSeen = false;
  return body.filter((entry) => {
    if (entry.appType === 'herobanner') {
      if (heroSeen) return false;
      heroSeen = true;
      return true;
    }
    return entry.appType === 'carousel';
  });
}

/** Whether an ad slot goes before the block at this 0-based index. */
export const adBefore = (index: number) =>
  index > 0 && (index + 1) % AD_EVERY_BLOCKS === 0 && (index + 1) / AD_EVERY_BLOCKS <= AD_MAX_SLOTS;

/**
 * The blocks of a page body with whether each is drawn with the page (`eager`: its lane loads at
 * once, and the server render has it): the hero, the first EAGER_LANES lanes of the catalogue and
 * every personal lane. The server render's loader fetches what these show (load-page-body.ts).
 */
export function eagerBlocks(
  body: readonly ComponentReference[],
): { block: ComponentReference; eager: boolean }[] {
  let lanes = 0;
  return pageBlocks(body).map((block) => ({
    block,
    eager:
      block.appType === 'herobanner' ||
      (block.appType === 'carousel' && (block.hasAuthorizedContent === true || lanes++ < EAGER_LANES)),
  }));
}

/** A page's body (home, category): hero, lanes and ad slots (`page`: the slots' targeting). */
export function PageBody({ body, page }: { body: readonly ComponentReference[]; page: AdPage }) {
  return (
    <>
      {eagerBlocks(body).map(({ block, eager }, index) => {
        return (
          <div key={`${block.referenceId}-${index}`}>
            {adBefore(index) ? (
              <AdSlot position="top" page={page} index={(index + 1) / AD_EVERY_BLOCKS - 1} />
            ) : null}
            {/* A boundary per block: React hydrates a server-drawn page's blocks one by one
                (selective hydration), the one the visitor touches first (docs/adr/0043). */}
            <Suspense fallback={null}>
              {block.appType === 'herobanner' ? (
                <HeroBanner reference={block} />
              ) : (
                <Swimlane reference={block} eager={eager} />
              )}
            </Suspense>
          </div>
        );
      })}
    </>
  );
}

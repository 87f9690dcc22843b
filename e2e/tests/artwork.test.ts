import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowserSuite } from '../support/suite.js';

/**
 * Artwork as it lays out in Chromium, on a phone and a desktop, left to right and right to left:
 * a card's badge and age icon side by side, a hovered episode card inside its row, and the details
 * background aligned on its subject.
 */

const suite = useBrowserSuite();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ARABIC = `try { localStorage.setItem('lang-preference', 'ar'); } catch {}`;

/** What each reading direction calls things. */
const DIRECTIONS = [
  {
    name: 'French, left to right',
    initScript: undefined,
    lang: 'fr',
    newLane: 'Nouveautés',
    seriesLane: 'Séries à découvrir',
    season: 'Saison 1',
  },
  {
    name: 'Arabic, right to left',
    initScript: ARABIC,
    lang: 'ar',
    newLane: 'الجديد',
    seriesLane: 'مسلسلات لاكتشافها',
    season: 'الموسم 1',
  },
] as const;
const SIZES = [
  { name: 'phone', viewport: PHONE },
  { name: 'desktop', viewport: DESKTOP },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  if (found === null) throw new Error('not laid out');
  return found;
};
const intersect = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** The cards of a lane that carry both a badge and an age icon, once the lane has loaded. */
async function cardsWithBadgeAndIcon(page: Page, [id, lane]: readonly [string, string]): Promise<Locator> {
  // A lane below the fold loads once the visitor scrolls down to it (its title in the page's
  // language with it): scroll to where it is, then find it by that title.
  await page.locator(`section[aria-labelledby="lane-${id}"]`).scrollIntoViewIfNeeded();
  const region = page.getByRole('region', { name: lane });
  await region.scrollIntoViewIfNeeded();
  await region.getByRole('article').first().waitFor();
  return region
    .getByRole('article')
    .filter({ has: page.locator('[class*="badge"]') })
    .filter({ has: page.getByRole('img') });
}

describe.each(DIRECTIONS)('artwork ($name)', (direction) => {
  describe.each(SIZES)('on a $name', (size) => {
    test('a card’s badge and its age icon do not overlap, and both stay on the image', async () => {
      const page = await suite.open('/', {
        viewport: size.viewport,
        ...(direction.initScript ? { initScript: direction.initScript } : {}),
      });
      // The page live in its language (Arabic chosen before the server knew of it: the page again).
      await page.locator(`html[lang="${direction.lang}"][data-hydrated]`).waitFor({ state: 'attached' });
      let checked = 0;
      for (const lane of [
        ['home-nouveautes', direction.newLane],
        ['home-series', direction.seriesLane],
      ] as const) {
        const cards = await cardsWithBadgeAndIcon(page, lane);
        const count = Math.min(await cards.count(), 4);
        for (let i = 0; i < count; i++) {
          const card = cards.nth(i);
          await card.scrollIntoViewIfNeeded();
          const badge = await box(card.locator('[class*="badge"]'));
          const icon = await box(card.getByRole('img'));
          const frame = await box(card.locator('[class*="frame"]'));
          expect(
            intersect(badge, icon),
            `${lane} #${i}: badge ${JSON.stringify(badge)} icon ${JSON.stringify(icon)}`,
          ).toBe(false);
          expect(inside(badge, frame), `${lane} #${i}: the badge leaves the image`).toBe(true);
          expect(inside(icon, frame), `${lane} #${i}: the icon leaves the image`).toBe(true);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(2);
    });

    test('a hovered episode card grows inside its row, not clipped by it', async () => {
      const page = await suite.open('/details/vod/serie-commissariat-du-plateau', {
        viewport: size.viewport,
        ...(direction.initScript ? { initScript: direction.initScript } : {}),
      });
      const row = page.getByRole('list', { name: direction.season });
      const first = row.getByRole('article').first();
      await first.scrollIntoViewIfNeeded();
      const before = await box(first);
      await first.hover();
      // The hover scale (1.05 over 150 ms) has finished when the box stops growing.
      await expect
        .poll(async () => (await box(first)).width, { timeout: 2_000 })
        .toBeGreaterThan(before.width * 1.04);
      const grown = await box(first);
      const visible = await box(row);
      expect(inside(grown, visible), `card ${JSON.stringify(grown)} row ${JSON.stringify(visible)}`).toBe(
        true,
      );
    });

    test('the details background keeps the right of its key art, where the subject is', async () => {
      const page = await suite.open('/details/vod/film-vent-du-vieux-port', {
        viewport: size.viewport,
        ...(direction.initScript ? { initScript: direction.initScript } : {}),
      });
      const image = page.locator('img[src*="/background.png"]').first();
      await image.waitFor();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const layout = await image.evaluate((img: HTMLImageElement) => ({
        position: getComputedStyle(img).objectPosition,
        fit: getComputedStyle(img).objectFit,
        boxRatio: img.clientWidth / img.clientHeight,
        imageRatio: img.naturalWidth / img.naturalHeight,
      }));
      expect(layout.fit).toBe('cover');
      // A box narrower than the art crops it: the crop takes its left edge, whatever the direction.
      expect(layout.boxRatio).toBeLessThan(layout.imageRatio);
      expect(layout.position).toBe('100% 50%');
    });
  });
});

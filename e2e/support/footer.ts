import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The footer of the page, as a visitor reaches it: it loads when its place comes into view (the
 * first screen does not wait for it), so go to the end of the page first, as a person would.
 */
export async function scrollToFooter(page: Page): Promise<Locator> {
  const footer = page.getByRole('contentinfo');
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return footer.count();
    })
    .toBeGreaterThan(0);
  return footer;
}

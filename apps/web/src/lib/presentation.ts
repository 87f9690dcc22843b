import type { Presentation, PresentationItem } from '@antenne/contract';

/**
 * A white-label presentation in the reader's language: each field of `localized[lang]`, else of
 * `localized.fr`, else of `fallback` (spec: local language before fr).
 */
export function localizedPresentation(
  presentation: Presentation | undefined,
  language: string,
): PresentationItem {
  if (presentation === undefined) return {};
  const local = presentation.localized?.[language] ?? {};
  const french = presentation.localized?.fr ?? {};
  const pick = <K extends keyof PresentationItem>(key: K): PresentationItem[K] =>
    local[key] ?? french[key] ?? presentation.fallback[key];
  const item: PresentationItem = {};
  for (const key of ['title', 'subTitle', 'body', 'images', 'trailerAssetId', 'backgroundColor'] as const) {
    const value = pick(key);
    if (value !== undefined) (item as Record<string, unknown>)[key] = value;
  }
  return item;
}

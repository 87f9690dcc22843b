import { DEFAULT_LOCALE, type Asset, type AssetImage, type LocalizedData } from '@antenne/contract';

/**
 * What a card, a hero or a details page shows of an asset: texts in the reader's language, else
 * French (the original), else the first language there is; the image for an orientation; the CSA
 * level; the badge tag; the progress in minutes (spec part 2 §3 and §9).
 */

export type CardOrientation = 'landscape' | 'portrait';

export function localizedOf(asset: Pick<Asset, 'localized'>, language: string): LocalizedData | undefined {
  const all = asset.localized ?? [];
  return all.find((l) => l.locale === language) ?? all.find((l) => l.locale === DEFAULT_LOCALE) ?? all[0];
}

export function titleOf(asset: Pick<Asset, 'localized' | 'assetId'>, language: string): string {
  return localizedOf(asset, language)?.title ?? asset.assetId;
}

export function descriptionOf(asset: Pick<Asset, 'localized'>, language: string): string | undefined {
  const l = localizedOf(asset, language);
  return l?.shortDescription ?? l?.description ?? l?.longDescription;
}

/** Landscape: cover, then thumbnail, then any other landscape image. Portrait: the poster (portrait), then the same order. */
export function imageOf(
  asset: Pick<Asset, 'localized'>,
  language: string,
  orientation: CardOrientation,
): AssetImage | undefined {
  const images =
    localizedOf(asset, language)?.images ??
    asset.localized?.find((l) => (l.images?.length ?? 0) > 0)?.images ??
    [];
  const byType = (type: string) => images.find((i) => i.type === type);
  if (orientation === 'portrait') {
    const portrait = images.find((i) => i.orientation === 'PORTRAIT') ?? byType('poster');
    if (portrait) return portrait;
  }
  return (
    byType('cover') ?? byType('thumbnail') ?? images.find((i) => i.orientation === 'LANDSCAPE') ?? images[0]
  );
}

/** CSA levels the icons show (10, 12, 16, 18) from the rating code (packages/content/src/catalogue/common.ts). */
const CSA_LEVEL_BY_CODE: Record<string, 10 | 12 | 16 | 18 | undefined> = {
  '1': undefined,
  '2': 12,
  '3': 10,
  '4': 12,
  '5': 12,
  '6': 16,
  '7': 18,
};

export function csaLevelOf(asset: Pick<Asset, 'parentalRatings'>): 10 | 12 | 16 | 18 | undefined {
  const rating = asset.parentalRatings?.find((r) => r.scheme === 'CSA')?.rating;
  return rating === undefined ? undefined : CSA_LEVEL_BY_CODE[rating];
}

export const BADGE_TAGS = ['new_episodes', 'new_season', 'nouveaute'] as const;
export type BadgeTag = (typeof BADGE_TAGS)[number];

/** The first badge tag the asset carries (tagId ending in new_episodes, new_season or nouveaute). */
export function badgeOf(asset: Pick<Asset, 'tags'>): BadgeTag | undefined {
  for (const tag of asset.tags ?? []) {
    for (const value of tag.tagValues) {
      const found = BADGE_TAGS.find(
        (b) => value.tagId === b || value.tagId.endsWith(`:${b}`) || value.tagId.endsWith(b),
      );
      if (found) return found;
    }
  }
  return undefined;
}

/** Minutes, rounded up (a 97.2-minute film says 98 min). */
export const minutesOf = (ms: number | undefined) => (ms === undefined ? undefined : Math.ceil(ms / 60_000));

/** lastViewedOffset (ms) as a share of the duration, 0–1; undefined without both. */
export function progressOf(
  asset: Asset & { userData?: { playHistory?: { lastViewedOffset?: number } } },
): number | undefined {
  const offset = asset.userData?.playHistory?.lastViewedOffset;
  if (offset === undefined || !asset.duration) return undefined;
  return Math.min(1, Math.max(0, offset / asset.duration));
}

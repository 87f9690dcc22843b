import { RESUME_MAX_SHARE, type Asset, type AssetImage, type Season, type TagType } from '@antenne/contract';
import { localizedOf } from '../../lib/asset-display';

/** A category or subcategory chip: the tag, its scheme and its label in the reader's language. */
export interface Chip {
  tagId: string;
  scheme: string;
  label: string;
}

/** Tag schemes shown as chips, in this order. */
export const CHIP_SCHEMES = ['category', 'subcategory'] as const;

/** Chips whose label ends like this are editorial markers, never shown (spec part 2 §2). */
export const HIDDEN_CHIP_SUFFIX = 'PRIORITÉ 1';

/** The tag values of the asset, with their scheme, in order. */
export function tagValuesOf(asset: Pick<Asset, 'tags'>): { scheme: string; tagId: string }[] {
  return (asset.tags ?? []).flatMap((tag) =>
    tag.tagValues.map((value) => ({ scheme: tag.type, tagId: value.tagId })),
  );
}

/** `subcategory:art-de-vivre` → `Art de vivre`: the readable part of a tag id, when no title is known. */
export function readableTagId(tagId: string): string {
  const part = tagId
    .slice(tagId.lastIndexOf(':') + 1)
    .replace(/[-_]+/g, ' ')
    .trim();
  return part.charAt(0).toUpperCase() + part.slice(1);
}

export function tagTitle(tag: TagType | undefined, language: string): string | undefined {
  const all = tag?.localized ?? [];
  return (all.find((l) => l.locale === language) ?? all.find((l) => l.locale === 'fr') ?? all[0])?.title;
}

const isHidden = (tagId: string, label: string) =>
  label.trim().toUpperCase().endsWith(HIDDEN_CHIP_SUFFIX) || /(^|:)priorite-1$/i.test(tagId);

/** Category then subcategory chips, labelled from the tag titles (else the id), editorial markers left out. */
export function chipsOf(asset: Pick<Asset, 'tags'>, titles: ReadonlyMap<string, string>): Chip[] {
  const values = tagValuesOf(asset);
  return CHIP_SCHEMES.flatMap((scheme) =>
    values
      .filter((v) => v.scheme === scheme)
      .map((v) => ({ ...v, label: titles.get(v.tagId) ?? readableTagId(v.tagId) }))
      .filter((chip) => !isHidden(chip.tagId, chip.label)),
  );
}

/** The tag ids whose titles the chips need. */
export function chipTagIds(asset: Pick<Asset, 'tags'>): string[] {
  return tagValuesOf(asset)
    .filter((v) => (CHIP_SCHEMES as readonly string[]).includes(v.scheme))
    .map((v) => v.tagId);
}

/** The asset's first category tag id (`category:jeunesse`): the details page's ad targeting. */
export function categoryTagOf(asset: Pick<Asset, 'tags'>): string | undefined {
  return tagValuesOf(asset).find((v) => v.scheme === 'category')?.tagId;
}

/** Recommendations come from the first subcategory tag, else the first keyword tag (spec part 2 §4). */
export function recommendationTag(asset: Pick<Asset, 'tags'>): { scheme: string; tagId: string } | undefined {
  const values = tagValuesOf(asset).filter((v) => !/(^|:)priorite-1$/i.test(v.tagId));
  return values.find((v) => v.scheme === 'subcategory') ?? values.find((v) => v.scheme === 'keyword');
}

/** The background artwork: the banner, else the background, else the cover. */
export function backgroundOf(asset: Pick<Asset, 'localized'>, language: string): AssetImage | undefined {
  const images =
    localizedOf(asset, language)?.images ??
    asset.localized?.find((l) => (l.images?.length ?? 0) > 0)?.images ??
    [];
  const byType = (type: string) => images.find((i) => i.type === type);
  return byType('banner') ?? byType('background') ?? byType('cover');
}

export function logoOf(asset: Pick<Asset, 'localized'>, language: string): AssetImage | undefined {
  const images =
    localizedOf(asset, language)?.images ??
    asset.localized?.find((l) => (l.images?.length ?? 0) > 0)?.images ??
    [];
  return images.find((i) => i.type === 'logo');
}

export const trailerIdOf = (asset: Pick<Asset, 'linkedEntities'>) =>
  asset.linkedEntities?.find((e) => e.linkType === 'TRAILER')?.entityId;

const number = (value: string | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
};

/** Seasons in order, each with its episodes in order. */
export function seasonsOf(asset: Pick<Asset, 'seasons'>): Season[] {
  return [...(asset.seasons ?? [])]
    .sort((a, b) => number(a.season) - number(b.season))
    .map((s) => ({
      ...s,
      episodes: [...(s.episodes ?? [])].sort((a, b) => number(a.episode) - number(b.episode)),
    }));
}

/** Names from Intl.DisplayNames (region or language codes), the code itself when unknown. */
export function displayNames(
  codes: readonly string[] | undefined,
  language: string,
  type: 'region' | 'language',
): string[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type });
  } catch {
    names = undefined;
  }
  return (codes ?? []).map((code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  });
}

export function castOf(asset: Pick<Asset, 'participants'>) {
  const people = asset.participants ?? [];
  return {
    actors: people.filter((p) => p.function !== 'director').map((p) => p.name),
    directors: people.filter((p) => p.function === 'director').map((p) => p.name),
  };
}

/**
 * The player's address (app/routes.tsx): `/player/{id}`, or `/player/{id}/{seconds}` to start
 * at that many whole seconds into the asset (the resume point).
 */
export function playerPath(assetId: string, startSeconds?: number): string {
  const path = `/player/${encodeURIComponent(assetId)}`;
  // `/0` says "from the start"; without a progress the player resumes from the bookmark.
  return startSeconds === undefined ? path : `${path}/${Math.max(0, Math.floor(startSeconds))}`;
}

/** Where a signed-in user stopped, for the Resume button and the progress bar. */
export interface ResumePoint {
  /** Whole seconds into the asset: the player route's {progress}. */
  seconds: number;
  /** Minutes watched and total, rounded up like every duration (spec part 2 §5, §9); no total without a duration. */
  watchedMinutes: number;
  totalMinutes?: number;
  /** Watched share of the duration, 0–1; undefined without a duration. */
  share?: number;
}

/**
 * The resume point of a bookmark (lastViewedOffset, ms), or undefined when there is nothing to
 * resume: no bookmark, under a second in, or past RESUME_MAX_SHARE of the duration (the player's rule too).
 */
export function resumePointOf(
  offsetMs: number | undefined,
  durationMs: number | undefined,
): ResumePoint | undefined {
  if (offsetMs === undefined || !Number.isFinite(offsetMs)) return undefined;
  const seconds = Math.floor(offsetMs / 1000);
  if (seconds < 1) return undefined;
  if (!durationMs || durationMs <= 0) return { seconds, watchedMinutes: Math.ceil(offsetMs / 60_000) };
  if (offsetMs >= durationMs * RESUME_MAX_SHARE) return undefined;
  return {
    seconds,
    watchedMinutes: Math.ceil(offsetMs / 60_000),
    totalMinutes: Math.ceil(durationMs / 60_000),
    share: offsetMs / durationMs,
  };
}

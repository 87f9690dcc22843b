import {
  ASSET_LIST_DEFAULT_PAGE_SIZE,
  type Asset,
  type AssetList,
  type AutocompleteItem,
  type Season,
  type SeasonList,
  type SeasonListQuery,
  type TagType,
} from '@antenne/contract';
import { ApiError } from '../../lib/errors.js';
import { normalizeText } from './search/index.js';
import type { CatalogueEntry, CatalogueSnapshot } from './snapshot.js';
import type { SeasonEntry } from './snapshot.js';

/**
 * Issue 18's catalogue reads over the snapshot, for CatalogueService: a show's seasons and their
 * episodes, the v3 multi search's tag and participant hits, and watch next. Pure functions: the
 * service passes what is available now (`available`) and the field projection (`fields`).
 */

export type Available = (entry: CatalogueEntry) => boolean;
export type Fields = (entry: CatalogueEntry) => Asset;

export const unknownSeason = (what: string) => new ApiError(404, 'UNKNOWN_SEASON', `unknown season ${what}`);

/** One season as ApiSeason: its available episodes counted, and listed with `includeEpisodes`. */
export function seasonAnswer(
  entry: SeasonEntry,
  available: Available,
  fields: Fields,
  includeEpisodes: boolean,
): Season {
  const episodes = entry.episodes.filter(available);
  return includeEpisodes
    ? { ...entry.season, episodeCount: episodes.length, episodes: episodes.map(fields) }
    : { ...entry.season, episodeCount: episodes.length };
}

function page<T>(all: T[], pageNumber: number, pageSize: number) {
  const start = (pageNumber - 1) * pageSize;
  return { items: all.slice(start, start + pageSize), pageNumber, pageSize, totalCount: all.length };
}

/** A show's seasons that have an available episode, by number, paged (ApiSeasonList). */
export function seasonList(
  seasons: SeasonEntry[],
  query: SeasonListQuery,
  available: Available,
  fields: Fields,
): SeasonList {
  const shown = seasons.filter((s) => s.episodes.some(available));
  const answers = shown.map((s) => seasonAnswer(s, available, fields, query.includeEpisodes ?? false));
  return page(answers, query.pageNumber ?? 1, query.pageSize ?? ASSET_LIST_DEFAULT_PAGE_SIZE);
}

/** The season numbered `number` of a show, when it has an available episode. */
export function seasonByNumber(
  seasons: SeasonEntry[],
  number: number,
  available: Available,
): SeasonEntry | undefined {
  return seasons.find((s) => s.number === number && s.episodes.some(available));
}

/** A season's available episodes in order, paged (ApiAssetList). */
export function episodeList(
  season: SeasonEntry,
  query: SeasonListQuery,
  available: Available,
  fields: Fields,
): AssetList {
  const episodes = season.episodes.filter(available).map(fields);
  return page(episodes, query.pageNumber ?? 1, query.pageSize ?? ASSET_LIST_DEFAULT_PAGE_SIZE);
}

/** A season by its id, in any show. */
export function seasonById(snapshot: CatalogueSnapshot, seasonId: string): SeasonEntry | undefined {
  for (const seasons of snapshot.seasons.values()) {
    const found = seasons.find((s) => s.season.seasonId === seasonId);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether every word of `text` starts a word of `title` (accents and case folded). */
function matchesWordPrefixes(title: string, words: string[]): boolean {
  const titleWords = normalizeText(title).split(/[^\p{L}\p{N}]+/u);
  return words.every((w) => titleWords.some((t) => t.startsWith(w)));
}

function queryWordsOf(text: string): string[] {
  return normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** Tags of the asked schemes (all when none) whose title in some locale matches the words. */
export function tagHits(
  snapshot: CatalogueSnapshot,
  text: string,
  schemes: ReadonlySet<string>,
  locale: string,
): { tag: TagType; title: string }[] {
  const words = queryWordsOf(text);
  if (words.length === 0) return [];
  const hits: { tag: TagType; title: string }[] = [];
  for (const tag of snapshot.tags.values()) {
    if (schemes.size > 0 && !schemes.has(tag.scheme)) continue;
    const shown = tag.localized.find((l) => l.locale === locale) ?? tag.localized[0];
    const matching = tag.localized.find((l) => matchesWordPrefixes(l.title, words));
    if (matching !== undefined) hits.push({ tag, title: (shown ?? matching).title });
  }
  return hits.sort((a, b) => a.title.localeCompare(b.title) || (a.tag.tagId < b.tag.tagId ? -1 : 1));
}

/**
 * Participants of the accepted assets whose name matches the words, alphabetical, once each: the
 * id is the credit's personId (its name when it has none).
 */
export function participantHits(
  snapshot: CatalogueSnapshot,
  text: string,
  accept: (entry: CatalogueEntry) => boolean,
): { participantId: string; name: string }[] {
  const words = queryWordsOf(text);
  if (words.length === 0) return [];
  const people = new Map<string, string>();
  for (const entry of snapshot.entries) {
    for (const person of entry.asset.participants ?? []) {
      const id = person.personId ?? person.name;
      if (people.has(id) || !matchesWordPrefixes(person.name, words)) continue;
      if (accept(entry)) people.set(id, person.name);
    }
  }
  return [...people]
    .map(([participantId, name]) => ({ participantId, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || (a.participantId < b.participantId ? -1 : 1));
}

/** Tag titles completing the text (ApiAutocompleteItem2: the title, and the tag id). */
export function tagAutocomplete(
  snapshot: CatalogueSnapshot,
  text: string,
  scheme: string | undefined,
  locale: string,
  limit: number,
): AutocompleteItem[] {
  return tagHits(snapshot, text, new Set(scheme === undefined ? [] : [scheme]), locale)
    .slice(0, limit)
    .map(({ tag, title }) => ({ hitText: title, hitFieldValue: tag.tagId }));
}

/**
 * What to watch after an asset (not personal): for an episode, the next available episodes of its
 * show in series order; otherwise, or after the last episode, the available titles of the same
 * type sharing most of its tags (then the most popular), never the asset itself.
 */
export function watchNext(
  snapshot: CatalogueSnapshot,
  entry: CatalogueEntry,
  available: Available,
  limit: number,
): CatalogueEntry[] {
  const out: CatalogueEntry[] = [];
  const show = entry.asset.tvShowId;
  if (show !== undefined && entry.asset.type !== 'TV_SHOW') {
    const list = snapshot.episodes.get(show) ?? [];
    const at = list.indexOf(entry);
    if (at !== -1)
      out.push(
        ...list
          .slice(at + 1)
          .filter(available)
          .slice(0, limit),
      );
  }
  if (out.length >= limit) return out;
  const tagsOf = (e: CatalogueEntry) =>
    new Set((e.asset.tags ?? []).flatMap((t) => t.tagValues.map((v) => `${t.type}:${v.tagId}`)));
  const mine = tagsOf(entry);
  // An episode's relatives are other shows: compare with its show's tags, and offer shows.
  const relatedType = entry.asset.type === 'EPISODE' ? 'TV_SHOW' : entry.asset.type;
  const source = show !== undefined ? (snapshot.byId.get(show) ?? entry) : entry;
  for (const tag of tagsOf(source)) mine.add(tag);
  const skip = new Set([entry.asset.assetId, show, ...out.map((e) => e.asset.assetId)]);
  const scored = snapshot.entries
    .filter((e) => e.asset.type === relatedType && !skip.has(e.asset.assetId) && available(e))
    .map((e) => ({ e, shared: [...tagsOf(e)].filter((t) => mine.has(t)).length }))
    .filter(({ shared }) => shared > 0)
    .sort(
      (a, b) =>
        b.shared - a.shared ||
        b.e.sortable.popularity - a.e.sortable.popularity ||
        (a.e.asset.assetId < b.e.asset.assetId ? -1 : 1),
    );
  out.push(...scored.slice(0, limit - out.length).map(({ e }) => e));
  return out;
}

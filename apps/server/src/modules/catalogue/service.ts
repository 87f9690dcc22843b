import {
  ASSET_LIST_DEFAULT_PAGE_SIZE,
  csaRatingOf,
  needsParentalPin,
  SEARCH_DEFAULT_PARENTAL_RATINGS,
  SEARCH_DEFAULT_TYPES,
  type Asset,
  type AssetList,
  type AssetListQuery,
  type AssetQuery,
  type FieldSet,
  type SearchList,
  type SearchQuery,
  type SearchSuggestion,
  type SearchSuggestionsQuery,
  type TagType,
  type AutocompleteItem,
  type MultiSearch,
  type Season,
  type SeasonList,
  type SeasonListQuery,
  type SearchV3Query,
  type WatchNext,
  type WatchNextQuery,
} from '@antenne/contract';
import * as discovery from './discovery.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Tenant } from '../../lib/business-unit.js';
import { ApiError } from '../../lib/errors.js';
import type { VersionedCache } from '../../lib/versioned-cache.js';
import { compareAssets, compileAssetQuery, parseAssetQuery, parseAssetSort } from './query/index.js';
import { MIN_SEARCH_LENGTH } from './search/index.js';
import { isAvailable, loadSnapshot, type CatalogueEntry, type CatalogueSnapshot } from './snapshot.js';

/**
 * The catalogue's read rules over the in-memory snapshot: filters, sort, paging, field sets,
 * publication and country availability, series order, search. Nothing here touches HTTP or SQL.
 */

const unknownAsset = (id: string) => new ApiError(404, 'UNKNOWN_ASSET', `unknown asset ${id}`);

/** `redbee:{id}` and `redbee:{id}:{language}` are the specification's catalogue ids (SPEC-DECISIONS). */
const REDBEE_PREFIX = 'redbee:';
const LANGUAGE_SUFFIX = /:[a-z]{2}$/;

export class CatalogueService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly tenant: Tenant,
    private readonly cache: VersionedCache,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The current snapshot: one load in flight at a time, dropped when the catalogue version changes. */
  snapshot(): Promise<CatalogueSnapshot> {
    return this.cache.get(`catalogue-snapshot:${this.tenant.customer}/${this.tenant.businessUnit}`, () =>
      loadSnapshot(this.database, this.tenant),
    );
  }

  /** `level`: a restricted profile's parental level (ADR 0012): titles rated above it are left out. */
  listAssets(snapshot: CatalogueSnapshot, query: AssetListQuery, level?: string): AssetList {
    const now = this.clock();
    const pageSize = query.pageSize ?? ASSET_LIST_DEFAULT_PAGE_SIZE;
    const pageNumber = query.pageNumber ?? 1;
    const onlyPublished = query.onlyPublished ?? true;
    const country = query.allowedCountry;

    const predicate =
      query.query === undefined || query.query.trim() === ''
        ? undefined
        : compileAssetQuery(parseAssetQuery(query.query));
    const sortKeys = parseAssetSort(query.sort);
    const types = new Set(
      query.assetTypes !== undefined && query.assetTypes.length > 0
        ? query.assetTypes.flatMap((t) => t.split(','))
        : query.assetType !== undefined
          ? [query.assetType]
          : [],
    );
    const ids = query.assetIds?.flatMap((v) => v.split(',')).filter((id) => id !== '');

    let candidates: CatalogueEntry[];
    if (ids !== undefined && ids.length > 0) {
      const seen = new Set<string>();
      candidates = [];
      for (const raw of ids) {
        const entry = this.lookup(snapshot, raw);
        if (entry !== undefined && !seen.has(entry.asset.assetId)) {
          seen.add(entry.asset.assetId);
          candidates.push(entry);
        }
      }
    } else {
      candidates = snapshot.entries;
    }
    let matches = candidates.filter(
      (e) =>
        (types.size === 0 || types.has(e.asset.type)) &&
        (predicate === undefined || predicate(e.queryable)) &&
        isAvailable(e, now, onlyPublished, country) &&
        withinLevel(e, level),
    );
    if (sortKeys.length > 0) {
      const compare = compareAssets(sortKeys);
      matches = matches
        .map((e, i) => ({ e, i }))
        .sort((a, b) => compare(a.e.sortable, b.e.sortable) || a.i - b.i)
        .map(({ e }) => e);
    }
    const start = (pageNumber - 1) * pageSize;
    const fields = fieldProjection(query.fieldSet ?? 'PARTIAL', query.includeFields, query.excludeFields);
    return {
      items: matches.slice(start, start + pageSize).map(fields),
      pageNumber,
      pageSize,
      totalCount: matches.length,
    };
  }

  /** The lists' field selection (fieldProjection), for modules that answer assets too (the EPG). */
  fields(
    fieldSet: FieldSet,
    includeFields?: string,
    excludeFields?: string,
  ): (entry: CatalogueEntry) => Asset {
    return fieldProjection(fieldSet, includeFields, excludeFields);
  }

  getAsset(snapshot: CatalogueSnapshot, idOrSlug: string, query: AssetQuery): Asset {
    const now = this.clock();
    const onlyPublished = query.onlyPublished ?? true;
    const entry = this.lookup(snapshot, idOrSlug);
    if (entry === undefined || !isAvailable(entry, now, onlyPublished, query.allowedCountry))
      throw unknownAsset(idOrSlug);
    const fields = fieldProjection(query.fieldSet ?? 'ALL', undefined, undefined);
    const asset = fields(entry);
    if (!query.includeSeasons) return asset;
    const seasons = (snapshot.seasons.get(entry.asset.assetId) ?? []).map(({ season, episodes }) => {
      const available = episodes.filter((e) => isAvailable(e, now, onlyPublished, query.allowedCountry));
      return query.includeEpisodes
        ? { ...season, episodeCount: available.length, episodes: available.map(fields) }
        : { ...season, episodeCount: available.length };
    });
    return { ...asset, seasons };
  }

  /** The episode after this one in series order (season, then episode), published and allowed. */
  nextEpisode(snapshot: CatalogueSnapshot, idOrSlug: string, query: AssetQuery): Asset {
    const now = this.clock();
    const entry = this.lookup(snapshot, idOrSlug);
    if (entry === undefined) throw unknownAsset(idOrSlug);
    const show = entry.asset.tvShowId;
    if (entry.asset.type !== 'EPISODE' && entry.asset.type !== 'PODCAST_EPISODE') {
      throw new ApiError(404, 'UNKNOWN_ASSET', `${entry.asset.assetId} is not an episode`);
    }
    const list = show === undefined ? [] : (snapshot.episodes.get(show) ?? []);
    const at = list.indexOf(entry);
    const next = list
      .slice(at + 1)
      .find((e) => isAvailable(e, now, query.onlyPublished ?? true, query.allowedCountry));
    if (at === -1 || next === undefined)
      throw new ApiError(404, 'UNKNOWN_ASSET', `no episode after ${entry.asset.assetId}`);
    return fieldProjection(query.fieldSet ?? 'ALL', undefined, undefined)(next);
  }

  /** A TV show's seasons that have an available episode (`content/asset/{id}/season`). */
  seasons(snapshot: CatalogueSnapshot, showId: string, query: SeasonListQuery): SeasonList {
    const show = this.showOf(snapshot, showId, query);
    return discovery.seasonList(
      snapshot.seasons.get(show.asset.assetId) ?? [],
      query,
      this.availableNow(query),
      fieldProjection(query.fieldSet ?? 'PARTIAL', query.includeFields, query.excludeFields),
    );
  }

  /** One season of a show by number, with its episodes on request; 404 UNKNOWN_SEASON. */
  season(snapshot: CatalogueSnapshot, showId: string, number: string, query: SeasonListQuery): Season {
    const { found, available } = this.seasonOfShow(snapshot, showId, number, query);
    const fields = fieldProjection(query.fieldSet ?? 'ALL', query.includeFields, query.excludeFields);
    return discovery.seasonAnswer(found, available, fields, query.includeEpisodes ?? false);
  }

  /** A season's available episodes in order, paged (`…/season/{n}/episode`). */
  seasonEpisodes(
    snapshot: CatalogueSnapshot,
    showId: string,
    number: string,
    query: SeasonListQuery,
  ): AssetList {
    const { found, available } = this.seasonOfShow(snapshot, showId, number, query);
    const fields = fieldProjection(query.fieldSet ?? 'PARTIAL', query.includeFields, query.excludeFields);
    return discovery.episodeList(found, query, available, fields);
  }

  /** A season by id (`content/season/{id}`), when it has an available episode. */
  seasonById(snapshot: CatalogueSnapshot, seasonId: string, query: SeasonListQuery): Season {
    const available = this.availableNow(query);
    const found = discovery.seasonById(snapshot, seasonId);
    if (found === undefined || !found.episodes.some(available)) throw discovery.unknownSeason(seasonId);
    const fields = fieldProjection(query.fieldSet ?? 'ALL', query.includeFields, query.excludeFields);
    return discovery.seasonAnswer(found, available, fields, query.includeEpisodes ?? false);
  }

  /** v3 title search: the search's hits whose title matches (ApiSearchList), paged. */
  searchTitles(snapshot: CatalogueSnapshot, text: string, query: SearchV3Query, level?: string): SearchList {
    const list = this.search(snapshot, text, this.v2Query(query), level, true);
    return list;
  }

  /** v3 multi search: title hits, then tags and participants matching every word (prefixes). */
  multiSearch(snapshot: CatalogueSnapshot, text: string, query: SearchV3Query, level?: string): MultiSearch {
    const assetHits = this.search(snapshot, text, { ...this.v2Query(query), pageNumber: 1 }, level);
    const pageSize = query.pageSize ?? ASSET_LIST_DEFAULT_PAGE_SIZE;
    const locale = this.localeOf(query);
    const schemes = new Set((query.schemes ?? []).flatMap((s) => s.split(',')).filter(Boolean));
    const tags = discovery.tagHits(snapshot, text, schemes, locale);
    const filter = this.searchFilter(snapshot, { ...query, types: 'MOVIE,TV_SHOW,EPISODE' }, level);
    const people = discovery.participantHits(snapshot, text, (e) => filter.accept(e.asset.assetId));
    return {
      assetHits,
      tagHits: {
        items: tags.slice(0, pageSize).map(({ tag, title }) => ({ tag, highlightedTitle: title })),
        pageNumber: 1,
        pageSize,
        totalCount: tags.length,
      },
      participantHits: {
        items: people.slice(0, pageSize).map((participant) => ({ participant })),
        pageNumber: 1,
        pageSize,
        totalCount: people.length,
      },
    };
  }

  /** v3 asset title autocomplete: `[{hitText: title, hitFieldValue: assetId}]`. */
  assetTitleAutocomplete(
    snapshot: CatalogueSnapshot,
    text: string,
    query: SearchV3Query,
    level?: string,
  ): AutocompleteItem[] {
    return this.suggest(snapshot, text, { ...this.v2Query(query), locale: this.localeOf(query) }, level).map(
      (s) => ({ hitText: s.text, hitFieldValue: s.assetId ?? '' }),
    );
  }

  /** v3 tag title autocomplete: `[{hitText: title, hitFieldValue: tagId}]`. */
  tagTitleAutocomplete(snapshot: CatalogueSnapshot, text: string, query: SearchV3Query): AutocompleteItem[] {
    checkSearchText(text);
    return discovery.tagAutocomplete(snapshot, text, query.scheme, this.localeOf(query), 10);
  }

  /** `recommend/watchNext/{assetId}`: the next episodes, else related titles (not personal). */
  watchNext(snapshot: CatalogueSnapshot, idOrSlug: string, query: WatchNextQuery): WatchNext {
    const entry = this.lookup(snapshot, idOrSlug);
    const available = this.availableNow(query);
    if (entry === undefined || !available(entry)) throw unknownAsset(idOrSlug);
    const level =
      query.parentalRatings === undefined ? undefined : searchParentalLevel(query.parentalRatings);
    const next = discovery.watchNext(snapshot, entry, (e) => available(e) && withinLevel(e, level), 10);
    return { items: next.map(fieldProjection('PARTIAL', undefined, undefined)) };
  }

  private availableNow(query: { onlyPublished?: boolean; allowedCountry?: string }) {
    const now = this.clock();
    return (e: CatalogueEntry) => isAvailable(e, now, query.onlyPublished ?? true, query.allowedCountry);
  }

  /** A show's season by number with an available episode: 404 UNKNOWN_ASSET / UNKNOWN_SEASON otherwise. */
  private seasonOfShow(snapshot: CatalogueSnapshot, showId: string, number: string, query: SeasonListQuery) {
    const show = this.showOf(snapshot, showId, query);
    const available = this.availableNow(query);
    const seasons = snapshot.seasons.get(show.asset.assetId) ?? [];
    const found = discovery.seasonByNumber(seasons, Number(number), available);
    if (found === undefined) throw discovery.unknownSeason(`${show.asset.assetId}/${number}`);
    return { found, available };
  }

  /** The TV show an id or slug names, available; 404 UNKNOWN_ASSET otherwise. */
  private showOf(snapshot: CatalogueSnapshot, idOrSlug: string, query: SeasonListQuery): CatalogueEntry {
    const entry = this.lookup(snapshot, idOrSlug);
    if (entry === undefined || entry.asset.type !== 'TV_SHOW' || !this.availableNow(query)(entry))
      throw unknownAsset(idOrSlug);
    return entry;
  }

  private localeOf(query: SearchV3Query): string {
    return [...(query.locales ?? []), ...(query.locale ?? [])].flatMap((l) => l.split(','))[0] ?? 'fr';
  }

  /** The v3 query as the v2 search reads it (`locales` for `locale`). */
  private v2Query(query: SearchV3Query): SearchQuery {
    const out: SearchQuery = { locale: [this.localeOf(query)] };
    if (query.types !== undefined) out.types = query.types;
    if (query.parentalRatings !== undefined) out.parentalRatings = query.parentalRatings;
    if (query.pageSize !== undefined) out.pageSize = query.pageSize;
    if (query.pageNumber !== undefined) out.pageNumber = query.pageNumber;
    if (query.onlyPublished !== undefined) out.onlyPublished = query.onlyPublished;
    if (query.allowedCountry !== undefined) out.allowedCountry = query.allowedCountry;
    return out;
  }

  getTag(snapshot: CatalogueSnapshot, tagId: string): TagType {
    const tag = snapshot.tags.get(tagId);
    if (tag === undefined) throw new ApiError(404, 'UNKNOWN_TAG', `unknown tag ${tagId}`);
    return tag;
  }

  /** Titles completing `text` among those the search with the same types and rating filter finds. */
  suggest(
    snapshot: CatalogueSnapshot,
    text: string,
    query: SearchSuggestionsQuery,
    level?: string,
  ): SearchSuggestion[] {
    checkSearchText(text);
    const filter = this.searchFilter(snapshot, query, level);
    return snapshot
      .searchIndex()
      .suggest(text, { locale: query.locale ?? 'fr', ...filter })
      .map(({ text: suggestion, assetId }) => ({ text: suggestion, assetId }));
  }

  /** `titlesOnly`: the hits whose title matches (the v3 title search). */
  search(
    snapshot: CatalogueSnapshot,
    text: string,
    query: SearchQuery,
    level?: string,
    titlesOnly = false,
  ): SearchList {
    checkSearchText(text);
    const filter = this.searchFilter(snapshot, query, level);
    const locale = query.locale?.flatMap((l) => l.split(','))[0];
    const all = snapshot.searchIndex().query(text, locale === undefined ? filter : { locale, ...filter });
    const hits = titlesOnly ? all.filter((hit) => hit.highlightedTitle.includes('<em>')) : all;
    const pageSize = query.pageSize ?? ASSET_LIST_DEFAULT_PAGE_SIZE;
    const pageNumber = query.pageNumber ?? 1;
    const start = (pageNumber - 1) * pageSize;
    const fields = fieldProjection('ALL', undefined, undefined);
    return {
      items: hits.slice(start, start + pageSize).flatMap((hit) => {
        const entry = snapshot.byId.get(hit.assetId);
        return entry === undefined
          ? []
          : [
              {
                asset: fields(entry),
                highlightedTitle: hit.highlightedTitle,
                highlightedDescription: hit.highlightedDescription,
              },
            ];
      }),
      pageNumber,
      pageSize,
      totalCount: hits.length,
    };
  }

  /**
   * What both search calls keep: the asked types (MOVIE,TV_SHOW by default; the index leaves the
   * others out before ranking), then, lazily, titles within the `parentalRatings` level (6, -16, by
   * default) or unrated, published and allowed in the country.
   */
  private searchFilter(
    snapshot: CatalogueSnapshot,
    query: Pick<SearchQuery, 'types' | 'parentalRatings' | 'onlyPublished' | 'allowedCountry'>,
    /** A restricted profile's parental level (ADR 0012): titles rated above it are left out. */
    level: string | undefined,
  ): { types: ReadonlySet<string>; accept: (assetId: string) => boolean } {
    const types = new Set((query.types ?? SEARCH_DEFAULT_TYPES).split(','));
    const queryLevel = searchParentalLevel(query.parentalRatings ?? SEARCH_DEFAULT_PARENTAL_RATINGS);
    const now = this.clock();
    const onlyPublished = query.onlyPublished ?? true;
    const accept = (assetId: string) => {
      const entry = snapshot.byId.get(assetId);
      return (
        entry !== undefined &&
        withinLevel(entry, queryLevel) &&
        isAvailable(entry, now, onlyPublished, query.allowedCountry) &&
        withinLevel(entry, level)
      );
    };
    return { types, accept };
  }

  /**
   * For a restricted profile's parental level: whether the title an id or slug names is within it
   * (an unknown id: yes, there is nothing to hold back). The white-label hero items use it.
   */
  async titlesWithinLevel(level: string): Promise<(idOrSlug: string) => boolean> {
    const snapshot = await this.snapshot();
    return (idOrSlug) => {
      const entry = this.lookup(snapshot, idOrSlug);
      return entry === undefined || withinLevel(entry, level);
    };
  }

  /** By id, then by slug; a `redbee:` prefix and a `:{language}` suffix are dropped. */
  private lookup(snapshot: CatalogueSnapshot, raw: string): CatalogueEntry | undefined {
    let id = raw;
    if (id.startsWith(REDBEE_PREFIX)) {
      id = id.slice(REDBEE_PREFIX.length);
      const exact = snapshot.byId.get(id);
      if (exact !== undefined) return exact;
      id = id.replace(LANGUAGE_SUFFIX, '');
    }
    return snapshot.byId.get(id) ?? snapshot.bySlug.get(id);
  }
}

/** Whether a restricted profile held to `level` sees this title (no level: everyone does). */
export function withinLevel(entry: CatalogueEntry, level: string | undefined): boolean {
  return level === undefined || !needsParentalPin(level, csaRatingOf(entry.asset.parentalRatings));
}

function checkSearchText(text: string): void {
  if (text.trim().length < MIN_SEARCH_LENGTH) {
    throw new ApiError(400, 'SEARCH_TEXT_TOO_SHORT', `text: at least ${MIN_SEARCH_LENGTH} characters`);
  }
}

/**
 * The search's `parentalRatings`: a bare CSA code (the specification sends `6`) is a level, as a
 * profile's PrLevel is — titles whose minimum age is above that code's are left out, unrated ones
 * kept (withinLevel, the play call's rule: the codes are not in the order of their ages, 3 being
 * -10 and 2 -12). Exposure's `COUNTRY:RATING` lists are not filtered on.
 */
function searchParentalLevel(value: string): string | undefined {
  const code = value.trim();
  // '06' is the code 6 (a code the contract does not know keeps only « tous publics », as a PrLevel would).
  return /^\d+$/.test(code) ? String(Number(code)) : undefined;
}

/**
 * What of an asset an answer carries: ALL, PARTIAL (no heavy fields) or NONE (assetId and type),
 * then `includeFields` (top-level fields added from ALL) and `excludeFields` (`field` or
 * `field.subField`, e.g. `publications.rights`).
 */
export function fieldProjection(
  fieldSet: FieldSet,
  includeFields: string | undefined,
  excludeFields: string | undefined,
): (entry: CatalogueEntry) => Asset {
  const include = includeFields?.split(',').filter(Boolean) ?? [];
  const exclude = excludeFields?.split(',').filter(Boolean) ?? [];
  const base = (entry: CatalogueEntry): Asset =>
    fieldSet === 'ALL'
      ? entry.asset
      : fieldSet === 'PARTIAL'
        ? entry.partial
        : { assetId: entry.asset.assetId, type: entry.asset.type };
  if (include.length === 0 && exclude.length === 0) return base;
  return (entry) => {
    const out: Record<string, unknown> = { ...base(entry) };
    const full = entry.asset as Record<string, unknown>;
    for (const field of include) {
      const top = field.split('.')[0] ?? field;
      if (full[top] !== undefined) out[top] = full[top];
    }
    for (const field of exclude) {
      const [top, sub] = field.split('.');
      if (top === undefined || top === 'assetId' || top === 'type') continue;
      if (sub === undefined) delete out[top];
      else if (Array.isArray(out[top])) {
        out[top] = (out[top] as Record<string, unknown>[]).map((item) => {
          const { [sub]: _drop, ...rest } = item;
          return rest;
        });
      }
    }
    return out as Asset;
  };
}

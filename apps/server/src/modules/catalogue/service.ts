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
} from '@antenne/contract';
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

  search(snapshot: CatalogueSnapshot, text: string, query: SearchQuery, level?: string): SearchList {
    checkSearchText(text);
    const filter = this.searchFilter(snapshot, query, level);
    const locale = query.locale?.flatMap((l) => l.split(','))[0];
    const hits = snapshot.searchIndex().query(text, locale === undefined ? filter : { locale, ...filter });
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

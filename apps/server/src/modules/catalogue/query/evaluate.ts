import { normalizeText, tokenize } from '../search/normalize.js';
import type { QueryNode } from './parse.js';

/** What a query can look at in an asset, as the catalogue reads it (queryableAsset adds the rest). */
export interface QueryableFields {
  assetId: string;
  type: string;
  /** One entry per tag value: `{ scheme: tags[].type, tagId: tags[].tagValues[].tagId }`. */
  tags: { scheme: string; tagId: string }[];
  participantNames: string[];
  /** Title per locale (`localized[].locale` → `localized[].title`). */
  titles: Record<string, string>;
  productionYear?: number;
  productionCountries: string[];
  tvShowId?: string;
  seasonId?: string;
  season?: string;
  episode?: string;
  mediaFormats: string[];
  mediaDrms: string[];
}

/**
 * What a query looks at, with the ids it compares without case already in lower case: an uncached
 * list runs its predicate over every asset of the catalogue, and lower-casing each id there (a
 * string made per tag per asset) was most of its time (a 20 000-asset catalogue: ~10 ms a query).
 * The catalogue builds one per asset, once per snapshot.
 */
export interface QueryableAsset {
  assetId: string;
  assetIdLower: string;
  type: string;
  typeUpper: string;
  tags: { scheme: string; tagId: string; schemeLower: string; tagIdLower: string }[];
  participantNames: string[];
  titles: Record<string, string>;
  // Present on every asset, undefined where it has none: one shape for all, so that the
  // predicates' property reads stay monomorphic over a whole catalogue.
  productionYear: number | undefined;
  productionCountries: string[];
  tvShowId: string | undefined;
  seasonId: string | undefined;
  season: string | undefined;
  episode: string | undefined;
  mediaFormats: string[];
  mediaDrms: string[];
}

export function queryableAsset(fields: QueryableFields): QueryableAsset {
  // Built property by property, in one order and with every property (see above): an object spread
  // and optional properties added as found gave objects of many shapes, which V8 read some ten
  // times slower in these loops.
  return {
    assetId: fields.assetId,
    assetIdLower: fields.assetId.toLowerCase(),
    type: fields.type,
    typeUpper: fields.type.toUpperCase(),
    tags: fields.tags.map(({ scheme, tagId }) => ({
      scheme,
      tagId,
      schemeLower: scheme.toLowerCase(),
      tagIdLower: tagId.toLowerCase(),
    })),
    participantNames: fields.participantNames,
    titles: fields.titles,
    productionYear: fields.productionYear,
    productionCountries: fields.productionCountries,
    tvShowId: fields.tvShowId,
    seasonId: fields.seasonId,
    season: fields.season,
    episode: fields.episode,
    mediaFormats: fields.mediaFormats,
    mediaDrms: fields.mediaDrms,
  };
}

export type AssetPredicate = (asset: QueryableAsset) => boolean;

/**
 * A small memo for folded strings (participant names and titles repeat across requests): the
 * predicates run over every asset of the catalogue on each uncached request.
 */
const FOLD_CACHE_LIMIT = 100_000;
let foldCache = new Map<string, string>();
function fold(text: string): string {
  let folded = foldCache.get(text);
  if (folded === undefined) {
    folded = normalizeText(text);
    if (foldCache.size >= FOLD_CACHE_LIMIT) foldCache = new Map();
    foldCache.set(text, folded);
  }
  return folded;
}

/** Equality ignoring case, for ids and codes. `lower` is the query value already lower-cased. */
const sameId = (actual: string, lower: string, exact: string) =>
  actual === exact || actual.toLowerCase() === lower;

/** `"03"` and `"3"` are the same season or episode number. */
const numberish = (s: string) => {
  const t = s.trim();
  return /^\d+$/.test(t) ? String(Number(t)) : t.toLowerCase();
};

function anyId(values: string[], value: string): boolean {
  const lower = value.toLowerCase();
  for (const v of values) if (sameId(v, lower, value)) return true;
  return false;
}

function compileTerm(field: string, rawValue: string): AssetPredicate {
  const value = rawValue.trim();
  const lower = value.toLowerCase();
  switch (field) {
    case 'assetId':
      return (a) => a.assetIdLower === lower;
    case 'type':
      // The parser upper-cased and validated the value.
      return (a) => a.typeUpper === value;
    case 'tags.tagId':
      return (a) => {
        for (const t of a.tags) if (t.tagIdLower === lower) return true;
        return false;
      };
    case 'participants.name': {
      const wanted = normalizeText(value);
      return (a) => {
        for (const name of a.participantNames) if (name === value || fold(name) === wanted) return true;
        return false;
      };
    }
    case 'productionYear': {
      const year = Number(value);
      return (a) => a.productionYear === year;
    }
    case 'productionCountries':
      return (a) => anyId(a.productionCountries, value);
    case 'tvShowId':
      return (a) => a.tvShowId !== undefined && sameId(a.tvShowId, lower, value);
    case 'seasonId':
      return (a) => a.seasonId !== undefined && sameId(a.seasonId, lower, value);
    case 'season': {
      const wanted = numberish(value);
      return (a) => a.season !== undefined && numberish(a.season) === wanted;
    }
    case 'episode': {
      const wanted = numberish(value);
      return (a) => a.episode !== undefined && numberish(a.episode) === wanted;
    }
    case 'medias.format':
      return (a) => anyId(a.mediaFormats, value);
    case 'medias.drm':
      return (a) => anyId(a.mediaDrms, value);
  }
  if (field.startsWith('tags.')) {
    // `tags.<scheme>:<v>`: a tag of that scheme with tagId v, or a tag whose tagId is
    // `<scheme>:<v>` whatever its scheme (classifier ids look like `subcategory:polar`).
    const scheme = field.slice('tags.'.length);
    const schemeLower = scheme.toLowerCase();
    const prefixed = `${scheme}:${value}`;
    const prefixedLower = prefixed.toLowerCase();
    return (a) => {
      for (const t of a.tags) {
        if (t.tagIdLower === lower && t.schemeLower === schemeLower) return true;
        if (t.tagIdLower === prefixedLower) return true;
      }
      return false;
    };
  }
  if (field.startsWith('localized.') && field.endsWith('.title')) {
    // Every word of the value is a word of the title in that locale (accent- and case-insensitive).
    const locale = field.slice('localized.'.length, -'.title'.length);
    const localeLower = locale.toLowerCase().replace(/_/g, '-');
    const words = [...new Set(tokenize(value))];
    if (words.length === 0) return () => false;
    return (a) => {
      const title = titleFor(a.titles, locale, localeLower);
      if (title === undefined) return false;
      const folded = ` ${fold(title)} `;
      for (const w of words) if (!folded.includes(` ${w} `)) return false;
      return true;
    };
  }
  // The parser only produces the fields above.
  throw new Error(`compileAssetQuery: unexpected field ${field}`);
}

function titleFor(titles: Record<string, string>, locale: string, localeLower: string): string | undefined {
  const direct = titles[locale];
  if (direct !== undefined) return direct;
  for (const key in titles) if (key.toLowerCase().replace(/_/g, '-') === localeLower) return titles[key];
  return undefined;
}

/**
 * Compiles a parsed query once into a predicate over assets (closures only, no allocation per
 * call except for the folding memo). Matching rules are in README.md.
 */
export function compileAssetQuery(node: QueryNode): AssetPredicate {
  switch (node.kind) {
    case 'term':
      return compileTerm(node.field, node.value);
    case 'not': {
      const child = compileAssetQuery(node.child);
      return (a) => !child(a);
    }
    case 'and': {
      const parts = node.children.map(compileAssetQuery);
      if (parts.length === 2) {
        const [x, y] = parts as [AssetPredicate, AssetPredicate];
        return (a) => x(a) && y(a);
      }
      return (a) => {
        for (const p of parts) if (!p(a)) return false;
        return true;
      };
    }
    case 'or': {
      const parts = node.children.map(compileAssetQuery);
      if (parts.length === 2) {
        const [x, y] = parts as [AssetPredicate, AssetPredicate];
        return (a) => x(a) || y(a);
      }
      return (a) => {
        for (const p of parts) if (p(a)) return true;
        return false;
      };
    }
  }
}

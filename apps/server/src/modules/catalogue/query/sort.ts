import { isLocaleTag } from '@antenne/contract';
import { ApiError } from '../../../lib/errors.js';
import { LOCALE_PATTERN } from './parse.js';

export type SortField =
  | 'created'
  | 'changed'
  | 'assetId'
  | 'productionYear'
  | 'popularity'
  | 'publicationDate'
  | 'sortingTitle'
  | 'title'
  | 'season'
  | 'episode';

/** One key of an asset-list `sort`; `locale` is set for `sortingTitle` and `title`. */
export type SortKey = { field: SortField; locale?: string; descending: boolean };

/** What a sort can look at in an asset; the catalogue builds one per asset. */
export interface SortableAsset {
  assetId: string;
  /** ISO-8601 date-times. */
  created: string;
  changed: string;
  productionYear?: number;
  popularity: number;
  /** ISO-8601; the publication the listing retained (e.g. the earliest current one). */
  publicationDate?: string;
  sortingTitles: Record<string, string>;
  titles: Record<string, string>;
  season?: string;
  episode?: string;
}

export const MAX_SORT_KEYS = 8;

const SIMPLE_FIELDS: Record<string, SortField> = {
  created: 'created',
  changed: 'changed',
  assetId: 'assetId',
  productionYear: 'productionYear',
  popularity: 'popularity',
  publicationDate: 'publicationDate',
  'publications.publicationDate': 'publicationDate',
  season: 'season',
  episode: 'episode',
};
const LOCALIZED_FIELD = /^localized\.([^.]+)\.(sortingTitle|title)$/;

const badRequest = (message: string) => new ApiError(400, 'BAD_REQUEST', `sort: ${message}`);

/**
 * Parses an asset-list `sort`: a comma list of keys, `-` before a key for descending order.
 * Undefined or blank → no key (the caller's default order). Throws `ApiError(400, 'BAD_REQUEST',
 * 'sort: …')` naming the key it does not know.
 */
export function parseAssetSort(text: string | undefined): SortKey[] {
  if (text === undefined || text.trim() === '') return [];
  const parts = text.split(',');
  if (parts.length > MAX_SORT_KEYS)
    throw badRequest(`too many keys (${parts.length}, at most ${MAX_SORT_KEYS})`);
  return parts.map((part) => {
    // A `+` prefix arrives as a space once the query string is decoded: trimming accepts both.
    let key = part.trim();
    if (key === '') throw badRequest(`empty key in ${JSON.stringify(text)}`);
    let descending = false;
    if (key.startsWith('-')) {
      descending = true;
      key = key.slice(1);
    } else if (key.startsWith('+')) {
      key = key.slice(1);
    }
    const simple = SIMPLE_FIELDS[key];
    if (simple) return { field: simple, descending };
    const localized = LOCALIZED_FIELD.exec(key);
    if (localized) {
      const locale = localized[1]!;
      // The collator's locale (`pt_BR` read as `pt-BR`): one Intl accepts (the contract's isLocaleTag).
      if (!LOCALE_PATTERN.test(locale) || !isLocaleTag(collatorLocale(locale)))
        throw badRequest(`unknown locale ${JSON.stringify(locale)} in ${JSON.stringify(part.trim())}`);
      return { field: localized[2] as 'sortingTitle' | 'title', locale, descending };
    }
    throw badRequest(`unknown key ${JSON.stringify(part.trim())}`);
  });
}

const collatorLocale = (locale: string) => locale.replace(/_/g, '-').toLowerCase();

const collators = new Map<string, Intl.Collator>();
/** One collator per locale (base sensitivity: `É` = `E` = `e`; numeric: "2" < "10"). */
function collatorFor(locale: string): Intl.Collator {
  const key = collatorLocale(locale);
  let collator = collators.get(key);
  if (!collator) {
    collator = new Intl.Collator(key, { sensitivity: 'base', numeric: true });
    collators.set(key, collator);
  }
  return collator;
}

type Compare = (a: SortableAsset, b: SortableAsset) => number;

/** Missing values sort last in both directions; `sign` is 1 ascending, -1 descending. */
function withMissingLast<T>(
  get: (a: SortableAsset) => T | undefined,
  compare: (x: T, y: T) => number,
  sign: number,
): Compare {
  return (a, b) => {
    const x = get(a);
    const y = get(b);
    if (x === undefined) return y === undefined ? 0 : 1;
    if (y === undefined) return -1;
    return sign * compare(x, y);
  };
}

const byNumber = (x: number, y: number) => x - y;
const byCodeUnits = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

const dateCache = new Map<string, number | undefined>();
/** Epoch millis of an ISO date-time, undefined when absent or unparsable. */
function epoch(iso: string | undefined): number | undefined {
  if (iso === undefined || iso === '') return undefined;
  let t = dateCache.get(iso);
  if (t === undefined && !dateCache.has(iso)) {
    const parsed = Date.parse(iso);
    t = Number.isNaN(parsed) ? undefined : parsed;
    if (dateCache.size >= 200_000) dateCache.clear();
    dateCache.set(iso, t);
  }
  return t;
}

const finite = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? undefined : n);

/** `"3"` → 3; non-numeric strings sort after the numbers, by code units. */
function episodeNumberCompare(x: string, y: string): number {
  const nx = /^\s*\d+(?:\.\d+)?\s*$/.test(x) ? Number(x) : NaN;
  const ny = /^\s*\d+(?:\.\d+)?\s*$/.test(y) ? Number(y) : NaN;
  const xNum = !Number.isNaN(nx);
  const yNum = !Number.isNaN(ny);
  if (xNum && yNum) return nx - ny;
  if (xNum) return -1;
  if (yNum) return 1;
  return byCodeUnits(x, y);
}

function localized(record: Record<string, string>, locale: string, lower: string): string | undefined {
  const direct = record[locale];
  if (direct !== undefined) return direct === '' ? undefined : direct;
  for (const key in record) {
    if (key.toLowerCase().replace(/_/g, '-') === lower) {
      const value = record[key];
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}

function keyComparator(key: SortKey): Compare {
  const sign = key.descending ? -1 : 1;
  switch (key.field) {
    case 'created':
      return withMissingLast((a) => epoch(a.created), byNumber, sign);
    case 'changed':
      return withMissingLast((a) => epoch(a.changed), byNumber, sign);
    case 'publicationDate':
      return withMissingLast((a) => epoch(a.publicationDate), byNumber, sign);
    case 'assetId':
      return withMissingLast((a) => a.assetId, byCodeUnits, sign);
    case 'productionYear':
      return withMissingLast((a) => finite(a.productionYear), byNumber, sign);
    case 'popularity':
      return withMissingLast((a) => finite(a.popularity), byNumber, sign);
    case 'season':
      return withMissingLast((a) => a.season, episodeNumberCompare, sign);
    case 'episode':
      return withMissingLast((a) => a.episode, episodeNumberCompare, sign);
    case 'title':
    case 'sortingTitle': {
      const locale = key.locale ?? 'fr';
      const lower = locale.toLowerCase().replace(/_/g, '-');
      const collator = collatorFor(locale);
      // A missing sorting title falls back to the title, as Exposure's sortingTitle is optional.
      const get =
        key.field === 'title'
          ? (a: SortableAsset) => localized(a.titles, locale, lower)
          : (a: SortableAsset) =>
              localized(a.sortingTitles, locale, lower) ?? localized(a.titles, locale, lower);
      return withMissingLast(get, collator.compare, sign);
    }
  }
}

/**
 * A comparator for `Array.prototype.sort` following the keys in order, missing values last,
 * then assetId (code units, ascending) so that the order is total and repeatable.
 */
export function compareAssets(keys: SortKey[]): (a: SortableAsset, b: SortableAsset) => number {
  const comparators = keys.map(keyComparator);
  return (a, b) => {
    for (const c of comparators) {
      const r = c(a, b);
      if (r !== 0) return r;
    }
    return a.assetId < b.assetId ? -1 : a.assetId > b.assetId ? 1 : 0;
  };
}

import { DEFAULT_LOCALE } from '@antenne/contract';

/**
 * The page's data in its own language. The API answers every language of an asset, a tag or a
 * presentation (`localized`), and a page shows one: the rest is most of the page's data (a lane of
 * 20 films is ~130 KB in five languages, ~30 KB in one) for the browser to download, tokenise as
 * HTML and parse as JSON before the page answers. Changing the language reloads the app (the
 * settings page), so a page never needs another language of the answers it carries; its later
 * fetches answer all of them again.
 *
 * Kept, so that every display function reads the same as with the whole answer (lib/asset-display
 * `localizedOf` and `imageOf`, details-model `tagTitle`, lib/presentation `localizedPresentation`):
 * - of a list of `{ locale, ... }` (assets, tags): the page's language and French, in their order,
 *   or the first one if neither is there; and the first one that has images (the image fallback);
 * - of a map by language (presentations): the page's language and French.
 */
export function inPageLanguage<T>(value: T, language: string): T {
  return prune(value, language, 0) as T;
}

/** Deeper than any answer of the API: what is below is kept whole. */
const MAX_DEPTH = 48;

function prune(value: unknown, language: string, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => prune(item, language, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = key === 'localized' ? localizedIn(field, language, depth) : prune(field, language, depth + 1);
  }
  return out;
}

interface LocalizedEntry {
  locale: string;
  images?: unknown[];
}

const isEntry = (item: unknown): item is LocalizedEntry =>
  typeof item === 'object' && item !== null && typeof (item as { locale?: unknown }).locale === 'string';

function localizedIn(field: unknown, language: string, depth: number): unknown {
  if (Array.isArray(field)) {
    if (!field.every(isEntry)) return prune(field, language, depth + 1);
    const wanted = (entry: LocalizedEntry) => entry.locale === language || entry.locale === DEFAULT_LOCALE;
    const first = field.some(wanted) ? undefined : field[0];
    const withImages = field.find((entry) => (entry.images?.length ?? 0) > 0);
    return field
      .filter((entry) => wanted(entry) || entry === first || entry === withImages)
      .map((entry) => prune(entry, language, depth + 1));
  }
  if (typeof field === 'object' && field !== null) {
    const out: Record<string, unknown> = {};
    for (const [locale, entry] of Object.entries(field)) {
      if (locale === language || locale === DEFAULT_LOCALE) out[locale] = prune(entry, language, depth + 1);
    }
    return out;
  }
  return field;
}

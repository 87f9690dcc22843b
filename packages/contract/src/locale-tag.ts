/**
 * A language tag a request may give to a collator or a formatter (`fr`, `en-GB`, `zh-Hant-TW`,
 * `de-CH-1996`): a Unicode BCP 47 locale identifier as JavaScript's Intl reads it. Anything else
 * (`x`, `12`, `en-`, `a b`, `ü`) makes `localeCompare`, `Intl.Collator`, `Intl.DateTimeFormat` …
 * throw a RangeError, so every such parameter is declared with `LocaleTagSchema` (locale-tag-schemas.ts) and refused at the
 * boundary (400 naming it): the server registers `isLocaleTag` as the JSON Schema format
 * `locale-tag` with its validator (apps/server/src/lib/locale-tag.ts).
 */

/** The JSON Schema `format` of a language tag. */
export const LOCALE_TAG_FORMAT = 'locale-tag';
/** The longest tag accepted (RFC 5646 §4.4.1: 35 characters hold any tag of practical use). */
export const LOCALE_TAG_MAX = 35;

/**
 * Whether Intl takes `value` as a locale: `Intl.getCanonicalLocales` refuses exactly what the
 * collators and formatters refuse (the same structural check, ECMA-402 IsStructurallyValidLanguageTag).
 */
export function isLocaleTag(value: string): boolean {
  if (value.length === 0 || value.length > LOCALE_TAG_MAX) return false;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

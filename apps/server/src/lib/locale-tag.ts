import { isLocaleTag, LOCALE_TAG_FORMAT } from '@antenne/contract';

/**
 * The contract's `locale-tag` format (`LocaleTagSchema`: a language tag Intl accepts) for the
 * app's request validator: an Ajv plugin given to Fastify in app.ts. A parameter declared with it
 * that Intl would refuse answers 400 `querystring/<name> must match format "locale-tag"`, before
 * any handler hands it to a collator or a formatter.
 */

/** What the plugin needs of Fastify's Ajv (8) instance. */
interface FormatRegistry {
  addFormat(name: string, format: { type: 'string'; validate: (value: string) => boolean }): unknown;
}

export function localeTagFormat<T extends FormatRegistry>(ajv: T): T {
  ajv.addFormat(LOCALE_TAG_FORMAT, { type: 'string', validate: isLocaleTag });
  return ajv;
}

import { Type } from 'typebox';
import { LOCALE_TAG_FORMAT, LOCALE_TAG_MAX } from './locale-tag.js';

/** The schema of a language tag that reaches Intl (locale-tag.ts; the web app imports the check without TypeBox). */

/** A query parameter (or field) that reaches Intl: a language tag, `format: locale-tag`. */
export const LocaleTagSchema = (description: string) =>
  Type.String({ minLength: 1, maxLength: LOCALE_TAG_MAX, format: LOCALE_TAG_FORMAT, description });

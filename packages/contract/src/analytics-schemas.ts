import { Type, type Static } from 'typebox';
import { ANALYTICS_MAX_EVENTS, MEDIA_EVENTS, RICH_MEDIA } from './analytics.js';

/**
 * The analytics batch (analytics.ts; docs/analytics.md): strict objects (no other property),
 * every string bounded. `at` is the browser's clock (ms since the epoch); the server stamps the
 * day from its own.
 */

const text = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength });
const At = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000, description: 'client time, ms' });
const strict = { additionalProperties: false } as const;

export const PageEventSchema = Type.Object(
  { kind: Type.Literal('page'), at: At, path: text(1024, 1), title: text(300) },
  { ...strict, title: 'PageEvent' },
);

export const CategoryEventSchema = Type.Object(
  { kind: Type.Literal('category'), at: At, id: text(200, 1), title: text(300) },
  { ...strict, title: 'CategoryEvent' },
);

export const SearchResultsEventSchema = Type.Object(
  {
    kind: Type.Literal('searchResults'),
    at: At,
    query: text(200, 1),
    count: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  },
  { ...strict, title: 'SearchResultsEvent' },
);

/** A path that led nowhere (spec part 2 §8: the 404 analytics event). */
export const NotFoundEventSchema = Type.Object(
  { kind: Type.Literal('notFound'), at: At, path: text(1024, 1) },
  { ...strict, title: 'NotFoundEvent' },
);

/** The labels of a media (spec part 2 §7): title, episode, date year_month_day, pubable, country. */
export const MediaLabelsSchema = Type.Object(
  {
    title: text(300),
    episode: Type.Optional(text(100)),
    date: Type.String({ pattern: '^\\d{4}_\\d{2}_\\d{2}$', maxLength: 10, description: 'year_month_day' }),
    pubable: Type.Union([Type.Literal('pubable'), Type.Literal('non_pubable')]),
    country: Type.String({ pattern: '^[A-Z]{2}$', maxLength: 2 }),
  },
  strict,
);

export const MediaEventSchema = Type.Object(
  {
    kind: Type.Literal('media'),
    at: At,
    event: Type.Enum(MEDIA_EVENTS),
    assetId: text(200, 1),
    /** A live channel (not a title). */
    channel: Type.Optional(Type.Boolean()),
    mediaType: Type.Union([Type.Literal('video'), Type.Literal('audio')]),
    playerId: Type.Literal(RICH_MEDIA.playerId),
    level2: Type.Literal(RICH_MEDIA.level2),
    durationSeconds: Type.Number({ minimum: 0, maximum: 10_000_000 }),
    label: text(300),
    themes: Type.Array(text(100), { maxItems: RICH_MEDIA.maxThemes }),
    labels: MediaLabelsSchema,
    /** What went wrong (event 'error'). */
    error: Type.Optional(text(500)),
  },
  { ...strict, title: 'MediaEvent' },
);

export const AudienceEventSchema = Type.Union([
  PageEventSchema,
  CategoryEventSchema,
  SearchResultsEventSchema,
  NotFoundEventSchema,
  MediaEventSchema,
]);
export type AudienceEvent = Static<typeof AudienceEventSchema>;
export type MediaEvent = Static<typeof MediaEventSchema>;
export type MediaLabels = Static<typeof MediaLabelsSchema>;

export const AnalyticsEventBatchSchema = Type.Object(
  {
    /** A random id the browser made once consent was given (kept in localStorage). */
    visitorId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', maxLength: 64 }),
    /** Our consent string (`v1;analytics=1;advertising=0|1;at=<s>`); refused unless analytics=1. */
    consent: text(200),
    events: Type.Array(AudienceEventSchema, { minItems: 1, maxItems: ANALYTICS_MAX_EVENTS }),
  },
  { ...strict, $id: 'AnalyticsEventBatch', title: 'AnalyticsEventBatch' },
);
export type AnalyticsEventBatch = Static<typeof AnalyticsEventBatchSchema>;

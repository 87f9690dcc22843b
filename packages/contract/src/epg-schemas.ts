import { Type, type Static } from 'typebox';
import { AssetSchema, FIELD_SETS } from './asset.js';
import { FieldListSchema, PageNumberSchema } from './catalogue.js';
import { LocaleTagSchema } from './locale-tag-schemas.js';
import { EPG_DEFAULT_PAGE_SIZE, EPG_MAX_DAYS_AROUND, EPG_MAX_PAGE_SIZE } from './epg.js';

/**
 * The EPG calls' schemas (TypeBox), Exposure's shapes (ApiProgramResponse, ApiChannelEPGResponse,
 * ApiChannelStatus, ApiEventList in ../shared/reference/exposure-openapi.json) with one addition
 * per programme, `flags` (spec part 1 §9: 2 pvr, 4 catch-up, 8 start-over; Antenne's 16 subtitles,
 * 32 audio description). Kept apart from
 * epg.ts so that the web app imports paths and rules without TypeBox.
 */

const DateTime = (description?: string) =>
  Type.String({ format: 'date-time', ...(description ? { description } : {}) });

export const ProgramSchema = Type.Object(
  {
    programId: Type.String(),
    channelId: Type.String(),
    /** The catalogue title aired (a film, an episode) or the channel's own programme (news, a magazine). */
    assetId: Type.String(),
    asset: AssetSchema,
    startTime: DateTime('ISO 8601, UTC'),
    endTime: DateTime('ISO 8601, UTC'),
    /** Available as on-demand now (the title has a current VOD publication). */
    vodAvailable: Type.Boolean(),
    /** Can be watched again now: the catch-up flag, ended, within CATCHUP_DAYS. */
    catchup: Type.Boolean(),
    catchupBlocked: Type.Boolean(),
    blackout: Type.Boolean(),
    /**
     * Bitmask (Antenne's addition): 2 network recording allowed, 4 catch-up, 8 start-over (the
     * spec's), then Antenne's access-service marks from the aired title's media: 16 subtitles, 32
     * audio description (ADR 0029).
     */
    flags: Type.Integer({ minimum: 0 }),
    created: DateTime(),
    changed: DateTime(),
  },
  { $id: 'Program', title: 'Program' },
);
export type Program = Static<typeof ProgramSchema>;

export const ChannelEpgSchema = Type.Object(
  {
    channelId: Type.String(),
    programs: Type.Array(ProgramSchema),
    totalHitsAllChannels: Type.Integer(),
  },
  { $id: 'ChannelEpg', title: 'ChannelEpg' },
);
export type ChannelEpg = Static<typeof ChannelEpgSchema>;

export const ChannelEpgListSchema = Type.Array(ChannelEpgSchema, { title: 'ChannelEpgList' });
export type ChannelEpgList = Static<typeof ChannelEpgListSchema>;

/** One airing in the on-now answer. */
export const ChannelAssetSchema = Type.Object({
  asset: AssetSchema,
  startTime: DateTime(),
  endTime: DateTime(),
});

export const ChannelStatusSchema = Type.Object(
  {
    channel: AssetSchema,
    /** A programme is on air now. */
    active: Type.Boolean(),
    /** The programme on air, then those starting within minutesForward. */
    assets: Type.Array(ChannelAssetSchema),
  },
  { title: 'ChannelStatus' },
);
export type ChannelStatus = Static<typeof ChannelStatusSchema>;

export const ChannelOnNowListSchema = Type.Object(
  {
    apiChannelStatuses: Type.Array(ChannelStatusSchema),
    pageSize: Type.Integer(),
    pageNumber: Type.Integer(),
  },
  { $id: 'ChannelOnNowList', title: 'ChannelOnNowList' },
);
export type ChannelOnNowList = Static<typeof ChannelOnNowListSchema>;

export const EventSchema = Type.Object({
  assetId: Type.String(),
  asset: AssetSchema,
  startTime: DateTime(),
  endTime: DateTime(),
});

export const EventListSchema = Type.Object(
  {
    items: Type.Array(EventSchema),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
    totalCount: Type.Integer(),
  },
  { $id: 'EventList', title: 'EventList' },
);
export type EventList = Static<typeof EventListSchema>;

const Days = Type.Integer({ minimum: 0, maximum: EPG_MAX_DAYS_AROUND, default: 0 });

/**
 * Query of the `epg/.../date/{date}` calls. `fieldSet` (default PARTIAL), `includeFields` and
 * `excludeFields` choose what of each programme's `asset` the answer carries, as on the catalogue
 * lists (AssetListQuery): an addition to the published call, which a client not sending them
 * never sees.
 */
export const EpgDateQuerySchema = Type.Object({
  daysBackward: Type.Optional(Days),
  daysForward: Type.Optional(Days),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: EPG_MAX_PAGE_SIZE, default: EPG_DEFAULT_PAGE_SIZE }),
  ),
  pageNumber: Type.Optional(PageNumberSchema),
  startDateSort: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
  fieldSet: Type.Optional(
    Type.Enum(FIELD_SETS, { description: "the programmes' assets: PARTIAL by default" }),
  ),
  includeFields: Type.Optional(FieldListSchema),
  excludeFields: Type.Optional(FieldListSchema),
  client: Type.Optional(Type.String()),
});
export type EpgDateQuery = Static<typeof EpgDateQuerySchema>;

/** The `{date}` of the EPG and event calls. */
export const EpgDateParamSchema = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'YYYY-MM-DD (UTC)',
});

/** Query of `channel/onnow`. */
export const OnNowQuerySchema = Type.Object({
  minutesForward: Type.Optional(Type.Integer({ minimum: 0, maximum: 24 * 60, default: 0 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  pageNumber: Type.Optional(PageNumberSchema),
  sortingLocale: Type.Optional(
    LocaleTagSchema('the language the channels are sorted in, by their title (en, fr-CA …)'),
  ),
  client: Type.Optional(Type.String()),
});
export type OnNowQuery = Static<typeof OnNowQuerySchema>;

/** Query of `event/date/{date}`. */
export const EventQuerySchema = Type.Object({
  daysBackward: Type.Optional(Type.Integer({ minimum: 0, maximum: 30, default: 0 })),
  daysForward: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, default: 0 })),
  hideEnded: Type.Optional(Type.Boolean({ default: false })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: EPG_MAX_PAGE_SIZE, default: EPG_DEFAULT_PAGE_SIZE }),
  ),
  pageNumber: Type.Optional(PageNumberSchema),
  client: Type.Optional(Type.String()),
});
export type EventQuery = Static<typeof EventQuerySchema>;

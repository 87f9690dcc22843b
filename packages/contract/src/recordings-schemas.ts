import { Type, type Static } from 'typebox';
import { AssetSchema } from './asset.js';
import { RECORDING_FAILURE_REASONS } from './recordings.js';

/**
 * The recordings calls' schemas (TypeBox; recordings.ts holds the paths and rules): the server
 * validates and documents with them, the web app imports only their static types.
 */

/** Ids the server makes (`rec_…`, `recs_…`) and programme ids: bounded, no spaces nor slashes. */
const Id = (description: string) =>
  Type.String({ minLength: 1, maxLength: 160, pattern: '^[A-Za-z0-9_.:-]+$', description });

export const RecordingIdParamsSchema = Type.Object({
  customer: Type.String(),
  businessUnit: Type.String(),
  recordingId: Id('a recording id (rec_…)'),
});
export const RecordingSeriesParamsSchema = Type.Object({
  customer: Type.String(),
  businessUnit: Type.String(),
  seriesId: Id('a series recording id (recs_…)'),
});

/** GET recording ?locale: the language of `name` and `description` (the title's first one otherwise). */
export const RecordingListQuerySchema = Type.Object({
  locale: Type.Optional(
    Type.String({ minLength: 2, maxLength: 16, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$' }),
  ),
});
export type RecordingListQuery = Static<typeof RecordingListQuerySchema>;

/** POST recording. */
export const RecordingRequestSchema = Type.Object(
  {
    programId: Id('the programme to record (a programme id of the schedule)'),
    /** Also every upcoming airing of the same series (the title's show, or the same title) on that channel. */
    series: Type.Optional(Type.Boolean({ default: false })),
    /** NETWORK (default) or LOCAL (an on-device recording: 400 UNSUPPORTED_RECORDING_MODE). */
    storageMode: Type.Optional(Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z_]+$' })),
    locale: Type.Optional(
      Type.String({ minLength: 2, maxLength: 16, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$' }),
    ),
  },
  { $id: 'RecordingRequest', title: 'RecordingRequest', additionalProperties: false },
);
export type RecordingRequest = Static<typeof RecordingRequestSchema>;

/** A recording (spec part 1 §3: id, name, description, start and end dates, channel, status, failure reason). */
export const RecordingSchema = Type.Object(
  {
    recordingId: Type.String(),
    programId: Type.String(),
    channelId: Type.String(),
    /** The channel (PARTIAL asset: its localized titles and images), when the catalogue has it. */
    channel: Type.Optional(AssetSchema),
    /** The title aired. */
    assetId: Type.String(),
    name: Type.String(),
    description: Type.String(),
    startTime: Type.String({ description: 'ISO date' }),
    endTime: Type.String({ description: 'ISO date' }),
    durationInMs: Type.Integer(),
    /** RECORDING_STATUS: 1 pending, 2 in progress, 3 done, 4 error, by the server's clock. */
    status: Type.Integer({ minimum: 1, maximum: 4 }),
    failureReason: Type.Optional(Type.Enum(RECORDING_FAILURE_REASONS)),
    /** The series recording this one comes from. */
    seriesId: Type.Optional(Type.String()),
    storageMode: Type.Literal('NETWORK'),
    created: Type.String({ description: 'ISO date' }),
  },
  { $id: 'Recording', title: 'Recording' },
);
export type Recording = Static<typeof RecordingSchema>;

/** The household's recording quota (RECORDING_QUOTA_HOURS), in ms; `usedMs` counts every recording not in error. */
export const RecordingQuotaSchema = Type.Object(
  {
    limitMs: Type.Integer({ description: 'RECORDING_QUOTA_HOURS in ms' }),
    usedMs: Type.Integer(),
    remainingMs: Type.Integer(),
  },
  { $id: 'RecordingQuota', title: 'RecordingQuota' },
);
export type RecordingQuota = Static<typeof RecordingQuotaSchema>;

/** A series the profile records. */
export const RecordingSeriesSchema = Type.Object(
  {
    seriesId: Type.String(),
    channelId: Type.String(),
    /** The show's id (tvShowId), or the title's own id when it has none. */
    seriesKey: Type.String(),
    created: Type.String({ description: 'ISO date' }),
  },
  { $id: 'RecordingSeries', title: 'RecordingSeries' },
);
export type RecordingSeries = Static<typeof RecordingSeriesSchema>;

/** GET recording (the profile's, by start) and POST recording (what the request recorded). */
export const RecordingListSchema = Type.Object(
  {
    items: Type.Array(RecordingSchema),
    series: Type.Array(RecordingSeriesSchema),
    quota: RecordingQuotaSchema,
  },
  { $id: 'RecordingList', title: 'RecordingList' },
);
export type RecordingList = Static<typeof RecordingListSchema>;

import {
  ASSET_TYPES,
  AssetImageSchema,
  AssetRightsSchema,
  ExternalReferenceSchema,
  LinkedEntitySchema,
  LocalizedTagSchema,
  MediaSchema,
  MONETISATION_TYPES,
  ParentalRatingSchema,
  PersonSchema,
} from './asset.js';
import { ActionSchema, ComponentSchema, PresentationSchema } from './whitelabel.js';
import { Type, type Static } from 'typebox';

/**
 * The catalogue import format (docs/catalogue-format.md documents every field). Version 1.
 * Dates are ISO-8601 with a time zone; durations are milliseconds; ids are 1-100 characters
 * of letters, digits, `_`, `-`, `.` or `:`.
 */

export const CATALOGUE_FORMAT_VERSION = 1;

const Id = Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,100}$' });
const DateTime = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$',
});
const Country = Type.String({ pattern: '^[A-Z]{2}$' });
const Locale = Type.String({ minLength: 2, maxLength: 16 });
const Tenant = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });

export const ImportProductSchema = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  monetisationType: Type.Enum(MONETISATION_TYPES),
  maxAds: Type.Optional(Type.Integer({ minimum: 0 })),
});

export const ImportTagSchema = Type.Object({
  tagId: Id,
  scheme: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
  localized: Type.Array(Type.Object(LocalizedTagSchema.properties)),
});

export const ImportLocalizedSchema = Type.Object({
  locale: Locale,
  title: Type.String({ minLength: 1 }),
  sortingTitle: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  shortDescription: Type.Optional(Type.String()),
  longDescription: Type.Optional(Type.String()),
  tinyDescription: Type.Optional(Type.String()),
  images: Type.Optional(Type.Array(Type.Object(AssetImageSchema.properties))),
});
export type ImportLocalized = Static<typeof ImportLocalizedSchema>;

export const ImportPublicationSchema = Type.Object({
  publicationId: Id,
  publicationDate: Type.Optional(DateTime),
  fromDate: DateTime,
  toDate: DateTime,
  countries: Type.Optional(Type.Array(Country)),
  products: Type.Array(Id, { minItems: 1 }),
  services: Type.Optional(Type.Array(Type.String())),
  rights: Type.Optional(Type.Object(AssetRightsSchema.properties)),
});
export type ImportPublication = Static<typeof ImportPublicationSchema>;

export const ImportAssetSchema = Type.Object({
  assetId: Id,
  type: Type.Enum(ASSET_TYPES),
  slug: Type.Optional(Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 200 })),
  tvShowId: Type.Optional(Id),
  seasonId: Type.Optional(Id),
  season: Type.Optional(Type.Integer({ minimum: 0 })),
  episode: Type.Optional(Type.Integer({ minimum: 0 })),
  productionYear: Type.Optional(Type.Integer({ minimum: 1800, maximum: 2200 })),
  productionCountries: Type.Optional(Type.Array(Country)),
  duration: Type.Optional(Type.Integer({ minimum: 0, description: 'milliseconds' })),
  popularity: Type.Optional(Type.Number({ minimum: 0 })),
  localized: Type.Array(ImportLocalizedSchema, { minItems: 1 }),
  tags: Type.Optional(Type.Array(Type.Object({ scheme: Type.String(), tagId: Id }))),
  parentalRatings: Type.Optional(Type.Array(Type.Object(ParentalRatingSchema.properties))),
  participants: Type.Optional(Type.Array(Type.Object(PersonSchema.properties))),
  linkedEntities: Type.Optional(Type.Array(Type.Object(LinkedEntitySchema.properties))),
  externalReferences: Type.Optional(Type.Array(Type.Object(ExternalReferenceSchema.properties))),
  subtitles: Type.Optional(Type.Array(Type.String())),
  spokenLanguages: Type.Optional(Type.Array(Type.String())),
  medias: Type.Optional(
    Type.Array(Type.Object({ ...MediaSchema.properties, format: Type.Enum(['HLS', 'DASH']) })),
  ),
  publications: Type.Optional(Type.Array(ImportPublicationSchema)),
  customData: Type.Optional(Type.Unknown()),
  created: Type.Optional(DateTime),
  changed: Type.Optional(DateTime),
});
export type ImportAsset = Static<typeof ImportAssetSchema>;

export const ImportSeasonSchema = Type.Object({
  seasonId: Id,
  tvShowId: Id,
  season: Type.Integer({ minimum: 0 }),
  localized: Type.Optional(Type.Array(ImportLocalizedSchema)),
  startYear: Type.Optional(Type.Integer()),
  endYear: Type.Optional(Type.Integer()),
});
export type ImportSeason = Static<typeof ImportSeasonSchema>;

/** A reference as in a config or a page body; `referenceUrl` is derived from `referenceId` when absent. */
export const ImportReferenceSchema = Type.Object({
  type: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  appType: Type.String(),
  appSubType: Type.Optional(Type.String()),
  referenceId: Id,
  referenceUrl: Type.Optional(Type.String()),
  parameters: Type.Optional(Type.Record(Type.String(), Type.String())),
  images: Type.Optional(
    Type.Array(Type.Object({ url: Type.String(), tags: Type.Optional(Type.Array(Type.String())) })),
  ),
  hasAuthorizedContent: Type.Optional(Type.Boolean()),
});
export type ImportReference = Static<typeof ImportReferenceSchema>;

export const ImportStructureConfigSchema = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1 }),
  presentation: PresentationSchema,
  components: Type.Record(Type.String(), Type.Array(ImportReferenceSchema)),
  parameters: Type.Optional(Type.Record(Type.String(), Type.String())),
  theme: Type.Optional(Type.Record(Type.String(), Type.String())),
});

const {
  created: _created,
  changed: _changed,
  type: _type,
  ...componentProperties
} = ComponentSchema.properties;
export const ImportComponentSchema = Type.Object({
  ...componentProperties,
  id: Id,
  type: Type.Optional(Type.String()),
  actions: Type.Optional(Type.Record(Type.String(), Type.Object(ActionSchema.properties))),
});
export type ImportComponent = Static<typeof ImportComponentSchema>;

/**
 * A programme of a channel's schedule (EPG, docs/catalogue-format.md "Programmes"). A file's
 * programmes replace, per channel, the stored ones they overlap and every generated one (the
 * channel is no longer generated). `endTime` may be left out but on a channel's last programme:
 * it is then the start of the channel's next programme in the file.
 */
export const ImportProgrammeSchema = Type.Object({
  /** Default: `{channelId}_{start in epoch ms}`. */
  programId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,160}$' })),
  /** A TV_CHANNEL asset (of this file or already imported). */
  channelId: Id,
  /** The title aired (of this file or already imported). */
  assetId: Id,
  startTime: DateTime,
  endTime: Type.Optional(DateTime),
  /** PROGRAM_FLAGS bitmask: 2 pvr, 4 catch-up, 8 start-over. Default 14 (all three). */
  flags: Type.Optional(Type.Integer({ minimum: 0, maximum: 14 })),
});
export type ImportProgramme = Static<typeof ImportProgrammeSchema>;

export const CatalogueFileSchema = Type.Object({
  version: Type.Literal(CATALOGUE_FORMAT_VERSION),
  customer: Type.Optional(Tenant),
  businessUnit: Type.Optional(Tenant),
  products: Type.Optional(Type.Array(ImportProductSchema)),
  tags: Type.Optional(Type.Array(ImportTagSchema)),
  assets: Type.Optional(Type.Array(ImportAssetSchema)),
  seasons: Type.Optional(Type.Array(ImportSeasonSchema)),
  programmes: Type.Optional(Type.Array(ImportProgrammeSchema)),
  structure: Type.Optional(
    Type.Object({
      config: Type.Optional(ImportStructureConfigSchema),
      components: Type.Optional(Type.Array(ImportComponentSchema)),
    }),
  ),
});
export type CatalogueFile = Static<typeof CatalogueFileSchema>;

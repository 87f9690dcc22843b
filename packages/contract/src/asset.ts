import { Type, type Static } from 'typebox';

/**
 * The Exposure asset model (`ApiAsset` and its parts), with Exposure's field names. Every
 * field is optional as in Exposure's OpenAPI document, except the ones Antenne always sends,
 * so a real Exposure answer validates too. Dates are ISO-8601 text; durations are milliseconds.
 */

/** Exposure's asset types (`ApiAsset.type`). */
export const ASSET_TYPES = [
  'MOVIE',
  'TV_SHOW',
  'EPISODE',
  'CLIP',
  'TV_CHANNEL',
  'AD',
  'LIVE_EVENT',
  'COLLECTION',
  'PODCAST',
  'PODCAST_EPISODE',
  'EVENT',
  'OTHER',
] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
export const AssetTypeSchema = Type.Enum(ASSET_TYPES);

/** How an offer (product) is paid for; `maxAds` > 0 allows a pre-roll (SPEC-DECISIONS). */
export const MONETISATION_TYPES = [
  'Free',
  'Advertising',
  'Transactional',
  'ElectronicSellThrough',
  'Subscription',
  'Catchup',
] as const;
export type MonetisationType = (typeof MONETISATION_TYPES)[number];

export const MEDIA_FORMATS = ['HLS', 'DASH'] as const;
export const IMAGE_ORIENTATIONS = ['PORTRAIT', 'LANDSCAPE', 'SQUARE', 'UNKNOWN'] as const;
export const FIELD_SETS = ['NONE', 'PARTIAL', 'ALL'] as const;
export type FieldSet = (typeof FIELD_SETS)[number];

/** `ApiImage`. `type` is free text (poster, cover, banner, thumbnail, logo ...). */
export const AssetImageSchema = Type.Object({
  url: Type.String(),
  type: Type.Optional(Type.String()),
  orientation: Type.Optional(Type.String({ description: 'PORTRAIT | LANDSCAPE | SQUARE | UNKNOWN' })),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  priority: Type.Optional(Type.Integer()),
});
export type AssetImage = Static<typeof AssetImageSchema>;

/** `ApiLocalizedData`: one language's texts and images. */
export const LocalizedDataSchema = Type.Object({
  locale: Type.String(),
  title: Type.Optional(Type.String()),
  sortingTitle: Type.Optional(Type.String()),
  article: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  tinyDescription: Type.Optional(Type.String()),
  shortDescription: Type.Optional(Type.String()),
  longDescription: Type.Optional(Type.String()),
  extendedDescription: Type.Optional(Type.String()),
  images: Type.Optional(Type.Array(AssetImageSchema)),
});
export type LocalizedData = Static<typeof LocalizedDataSchema>;

/** `ApiTag`: the tags of one scheme (`type`, e.g. genre, subcategory, origin). */
export const AssetTagSchema = Type.Object({
  type: Type.String({ description: 'the tag scheme' }),
  tagValues: Type.Array(Type.Object({ tagId: Type.String() })),
  created: Type.Optional(Type.String()),
  changed: Type.Optional(Type.String()),
});
export type AssetTag = Static<typeof AssetTagSchema>;

/** `ApiParentalRating`, e.g. `{ country: 'FR', scheme: 'CSA', rating: '3' }`. */
export const ParentalRatingSchema = Type.Object({
  country: Type.Optional(Type.String()),
  scheme: Type.String(),
  rating: Type.String(),
});
export type ParentalRating = Static<typeof ParentalRatingSchema>;

/** `ApiPerson`: a participant (`function` is free text: actor, director ...). */
export const PersonSchema = Type.Object({
  personId: Type.Optional(Type.String()),
  name: Type.String(),
  function: Type.Optional(Type.String()),
  role: Type.Optional(Type.String()),
});
export type Person = Static<typeof PersonSchema>;

/** `ApiLinkedEntity`; `linkType: 'TRAILER'` points at the trailer asset. */
export const LinkedEntitySchema = Type.Object({
  entityId: Type.String(),
  entityType: Type.Optional(Type.String()),
  linkType: Type.Optional(Type.String()),
});
export type LinkedEntity = Static<typeof LinkedEntitySchema>;

/** `ApiExternalReference`. */
export const ExternalReferenceSchema = Type.Object({
  type: Type.Optional(Type.String()),
  locator: Type.Optional(Type.String()),
  value: Type.Optional(Type.String()),
});
export type ExternalReference = Static<typeof ExternalReferenceSchema>;

/** `ApiAssetRights`: the parts Antenne uses; Exposure's others are allowed. */
export const AssetRightsSchema = Type.Object({
  maxAds: Type.Optional(Type.Integer()),
  activation: Type.Optional(Type.String()),
  expiration: Type.Optional(Type.String()),
  streamingBlocked: Type.Optional(Type.Boolean()),
  downloadBlocked: Type.Optional(Type.Boolean()),
  airplayBlocked: Type.Optional(Type.Boolean()),
  ffEnabled: Type.Optional(Type.Boolean()),
  rwEnabled: Type.Optional(Type.Boolean()),
  playCount: Type.Optional(Type.Integer()),
  minPlayPosition: Type.Optional(Type.Integer()),
  maxPlayPosition: Type.Optional(Type.Integer()),
  locationEnabled: Type.Optional(Type.Boolean()),
  analyticsEnabled: Type.Optional(Type.Boolean()),
});
export type AssetRights = Static<typeof AssetRightsSchema>;

/** `ApiPublication`: a window in which the asset is available, where, and through which products. */
export const PublicationSchema = Type.Object({
  publicationId: Type.String(),
  publicationDate: Type.Optional(Type.String()),
  fromDate: Type.String(),
  toDate: Type.String(),
  countries: Type.Array(Type.String(), { description: 'ISO 3166-1 alpha-2; empty = everywhere' }),
  products: Type.Array(Type.String()),
  services: Type.Optional(Type.Array(Type.String())),
  availabilityKeys: Type.Optional(
    Type.Array(Type.String(), {
      description:
        'Its products, and `<assetId>_<product>` (a ticket for this asset): entitlement/availabilitykey',
    }),
  ),
  devices: Type.Optional(
    Type.Array(
      Type.Object({
        manufacturer: Type.Optional(Type.String()),
        model: Type.Optional(Type.String()),
        os: Type.Optional(Type.String()),
        osVersion: Type.Optional(Type.String()),
        rights: Type.Optional(AssetRightsSchema),
      }),
      { description: 'Rights per device model; none: the publication rights apply to every device' },
    ),
  ),
  rights: Type.Optional(AssetRightsSchema),
  customData: Type.Optional(Type.Unknown()),
});
export type Publication = Static<typeof PublicationSchema>;

/** `ApiMedia`: one playable rendition. */
export const MediaSchema = Type.Object({
  mediaId: Type.String(),
  name: Type.Optional(Type.String()),
  format: Type.Optional(Type.String({ description: 'HLS | DASH' })),
  drm: Type.Optional(Type.String()),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  durationMillis: Type.Optional(Type.Integer()),
  programId: Type.Optional(Type.String()),
  status: Type.Optional(Type.String({ description: '"enabled" when playable' })),
  locator: Type.Optional(
    Type.String({
      description:
        "Antenne: the manifest's path on this server (e.g. /media/<assetId>/master.m3u8); not in Exposure's ApiMedia, whose play response carries mediaLocator",
    }),
  ),
});
export type Media = Static<typeof MediaSchema>;

/** `ApiMarkerPoint`: a point or span of the timeline (INTRO, CREDITS, CHAPTER, POINT), offsets in ms. */
export const MarkerPointSchema = Type.Object({
  type: Type.String(),
  offset: Type.Integer(),
  endOffset: Type.Optional(Type.Integer()),
  thumbnail: Type.Optional(Type.String()),
  localized: Type.Optional(
    Type.Array(
      Type.Object({
        locale: Type.String(),
        title: Type.Optional(Type.String()),
        image: Type.Optional(Type.String()),
      }),
    ),
  ),
});
export type MarkerPoint = Static<typeof MarkerPointSchema>;

const assetProperties = {
  assetId: Type.String(),
  type: Type.String({ description: ASSET_TYPES.join(' | ') }),
  localized: Type.Optional(Type.Array(LocalizedDataSchema)),
  tags: Type.Optional(Type.Array(AssetTagSchema)),
  parentalRatings: Type.Optional(Type.Array(ParentalRatingSchema)),
  participants: Type.Optional(Type.Array(PersonSchema)),
  linkedEntities: Type.Optional(Type.Array(LinkedEntitySchema)),
  externalReferences: Type.Optional(Type.Array(ExternalReferenceSchema)),
  productionYear: Type.Optional(Type.Integer()),
  productionCountries: Type.Optional(Type.Array(Type.String())),
  duration: Type.Optional(Type.Integer({ description: 'milliseconds' })),
  subtitles: Type.Optional(Type.Array(Type.String())),
  spokenLanguages: Type.Optional(Type.Array(Type.String())),
  publications: Type.Optional(Type.Array(PublicationSchema)),
  medias: Type.Optional(Type.Array(MediaSchema)),
  season: Type.Optional(Type.String()),
  episode: Type.Optional(Type.String()),
  seasonId: Type.Optional(Type.String()),
  tvShowId: Type.Optional(Type.String()),
  slugs: Type.Optional(Type.Array(Type.String())),
  popularityScores: Type.Optional(Type.Record(Type.String(), Type.String())),
  customData: Type.Optional(Type.Unknown()),
  created: Type.Optional(Type.String()),
  changed: Type.Optional(Type.String()),
  audioTracks: Type.Optional(Type.Array(Type.String(), { description: 'audio languages of the medias' })),
  live: Type.Optional(Type.Boolean({ description: 'true for a TV_CHANNEL' })),
  markers: Type.Optional(
    Type.Array(
      Type.Object({
        offset: Type.Optional(Type.Integer()),
        adMarkerType: Type.Optional(Type.String()),
        url: Type.Optional(Type.String()),
      }),
      { description: 'ad markers (none: the ads are pre-rolls from the VAST call)' },
    ),
  ),
  markerPoints: Type.Optional(Type.Array(MarkerPointSchema)),
  cuePoints: Type.Optional(Type.Array(MarkerPointSchema)),
  collections: Type.Optional(Type.Array(Type.Object({ collectionId: Type.String() }))),
};

/** An asset without `seasons` (an episode inside a season). */
export const EpisodeAssetSchema = Type.Object(assetProperties);

/** `ApiSeason`: with `includeSeasons`; `episodes` sorted by number with `includeEpisodes`. */
export const SeasonSchema = Type.Object(
  {
    seasonId: Type.String(),
    season: Type.Optional(Type.String()),
    tvShowId: Type.Optional(Type.String()),
    episodeCount: Type.Optional(Type.Integer()),
    episodes: Type.Optional(Type.Array(EpisodeAssetSchema)),
    localized: Type.Optional(Type.Array(LocalizedDataSchema)),
    tags: Type.Optional(Type.Array(AssetTagSchema)),
    startYear: Type.Optional(Type.Integer()),
    endYear: Type.Optional(Type.Integer()),
    publishedDate: Type.Optional(Type.String()),
    availableDate: Type.Optional(Type.String()),
    customData: Type.Optional(Type.Unknown()),
    created: Type.Optional(Type.String()),
    changed: Type.Optional(Type.String()),
  },
  { $id: 'Season', title: 'Season' },
);
export type Season = Static<typeof SeasonSchema>;

/** Exposure `ApiAsset`. */
export const AssetSchema = Type.Object(
  { ...assetProperties, seasons: Type.Optional(Type.Array(SeasonSchema)) },
  { $id: 'Asset', title: 'Asset' },
);
export type Asset = Static<typeof AssetSchema>;

/** Exposure `ApiAssetList`: `{ items, pageNumber, pageSize, totalCount }` (pageNumber is 1-based). */
export const AssetListSchema = Type.Object(
  {
    items: Type.Array(AssetSchema),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
    totalCount: Type.Integer(),
  },
  { $id: 'AssetList', title: 'AssetList' },
);
export type AssetList = Static<typeof AssetListSchema>;

/** `ApiLocalizedTag`. */
export const LocalizedTagSchema = Type.Object({
  locale: Type.String(),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  images: Type.Optional(Type.Array(AssetImageSchema)),
});
export type LocalizedTag = Static<typeof LocalizedTagSchema>;

/** Exposure `ApiTagType`: `GET /v1/.../tag/{tagId}`. */
export const TagTypeSchema = Type.Object(
  {
    tagId: Type.String(),
    scheme: Type.String(),
    localized: Type.Array(LocalizedTagSchema),
    parents: Type.Optional(Type.Array(Type.String())),
    children: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'TagType', title: 'TagType' },
);
export type TagType = Static<typeof TagTypeSchema>;

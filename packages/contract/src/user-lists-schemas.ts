import { Type, type Static } from 'typebox';
import { MAX_PROFILE_METADATA } from './accounts.js';
import { BoundedRecord } from './accounts-schemas.js';
import { AssetSchema } from './asset.js';
import { MAX_PAGE_NUMBER } from './catalogue.js';

/**
 * The signed-in user's lists (Exposure notes §6): favourites (asset lists), continue watching,
 * play-history offsets and preferences writes. The server validates and documents with these
 * schemas; the web app imports only their static types (type-only imports), so TypeBox stays out
 * of its bundle.
 */

/** One item of an asset list (Exposure ApiAssetListItemResponse). */
export const AssetListItemSchema = Type.Object(
  {
    assetId: Type.String(),
    asset: AssetSchema,
    lastUpdated: Type.String({ description: 'ISO date the asset was added' }),
    order: Type.Number(),
    metadata: Type.Record(Type.String(), Type.Unknown()),
  },
  { $id: 'AssetListItem', title: 'AssetListItem' },
);
export type AssetListItem = Static<typeof AssetListItemSchema>;
/** `GET …/preferences/list/{list}/asset`: a bare array. */
export const AssetListItemsSchema = Type.Array(AssetListItemSchema);
export type AssetListItems = Static<typeof AssetListItemsSchema>;

/** `POST …/preferences/list/{list}/asset/{assetId}`. */
export const ListAssetBodySchema = Type.Object({
  /** Stored in an integer column: a fraction or a number past 32 bits is refused (400), not a database error. */
  order: Type.Optional(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })),
  metadata: Type.Optional(BoundedRecord(64, Type.Unknown(), MAX_PROFILE_METADATA)),
});
export type ListAssetBody = Static<typeof ListAssetBodySchema>;

/** One followed tag (Exposure ApiPreferencesListItem). */
export const TagListItemSchema = Type.Object({
  id: Type.String({ description: 'the tag id' }),
  order: Type.Integer(),
  lastUpdated: Type.String({ format: 'date-time' }),
  metadata: Type.Record(Type.String(), Type.Unknown()),
});
export type TagListItem = Static<typeof TagListItemSchema>;

/** `GET …/preferences/list/tagfeed/tag` (ApiPreferencesListResponse): the tags and the asset query they make. */
export const TagListResponseSchema = Type.Object(
  {
    query: Type.String({
      description: 'asset query of the followed tags (content/asset?query=), empty when none',
    }),
    items: Type.Array(TagListItemSchema),
  },
  { $id: 'TagListResponse', title: 'TagListResponse' },
);
export type TagListResponse = Static<typeof TagListResponseSchema>;

/** POST preferences: values are text; booleans and numbers are accepted and kept as text ('true'). */
export const PreferencesWriteSchema = Type.Object({
  preferences: BoundedRecord(128, Type.Union([Type.String(), Type.Boolean(), Type.Number()])),
});
export type PreferencesWrite = Static<typeof PreferencesWriteSchema>;

/** Query of `GET …/userplayhistory/lastviewedoffset`. */
export const LastViewedQuerySchema = Type.Object({
  assetIds: Type.Optional(Type.Array(Type.String(), { description: 'comma separated or repeated' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_NUMBER })),
  account: Type.Optional(Type.Boolean()),
});
export type LastViewedQuery = Static<typeof LastViewedQuerySchema>;

/** `GET …/recommend/continue`: assets with where the user stopped (Exposure notes §6.4). */
export const ContinueWatchingSchema = Type.Object(
  {
    items: Type.Array(
      Type.Object({
        ...AssetSchema.properties,
        userData: Type.Object({
          playHistory: Type.Object({ lastViewedOffset: Type.Integer(), lastViewedTime: Type.Integer() }),
        }),
      }),
    ),
  },
  { $id: 'ContinueWatching', title: 'ContinueWatching' },
);
export type ContinueWatching = Static<typeof ContinueWatchingSchema>;
/** A continue-watching item: an asset plus where the user stopped. */
export type ContinueWatchingItem = ContinueWatching['items'][number];

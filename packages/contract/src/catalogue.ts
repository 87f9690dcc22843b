import { Type, type Static } from 'typebox';
import { ASSET_TYPES, AssetSchema, FIELD_SETS, SeasonSchema, TagTypeSchema } from './asset.js';

/** Search text shorter than this is refused (spec part 2 §5, §9). */
export const MIN_SEARCH_TEXT_LENGTH = 2;
/** Default parental-rating filter of the search call (spec part 2 §5). */
export const SEARCH_DEFAULT_PARENTAL_RATINGS = '6';
/** Default `types` of the search call (Exposure). */
export const SEARCH_DEFAULT_TYPES = 'MOVIE,TV_SHOW';
export const ASSET_LIST_DEFAULT_PAGE_SIZE = 50;
export const ASSET_LIST_MAX_PAGE_SIZE = 200;

const typeAlternatives = ASSET_TYPES.join('|');
const CountrySchema = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2, upper case' });
const PageSizeSchema = Type.Integer({
  minimum: 1,
  maximum: ASSET_LIST_MAX_PAGE_SIZE,
  default: ASSET_LIST_DEFAULT_PAGE_SIZE,
});
/** The deepest page a paged list answers: beyond it a 400, not an offset past any database's integers. */
export const MAX_PAGE_NUMBER = 100_000;
/** `pageNumber` of every paged list (1-based, bounded). */
export const PageNumberSchema = Type.Integer({
  minimum: 1,
  maximum: MAX_PAGE_NUMBER,
  default: 1,
  description: '1-based',
});
/** `includeFields` / `excludeFields`: a comma list of field paths (`localized.images`). */
export const FieldListSchema = Type.String({
  maxLength: 1000,
  pattern: '^[A-Za-z0-9_.]+(,[A-Za-z0-9_.]+)*$',
  description: 'comma list of field paths',
});

/** Query of `GET /v1/.../content/asset`. Array parameters accept repeated keys and comma lists. */
export const AssetListQuerySchema = Type.Object({
  assetIds: Type.Optional(Type.Array(Type.String({ pattern: '^[^\\s]+$' }))),
  assetType: Type.Optional(Type.Enum(ASSET_TYPES)),
  assetTypes: Type.Optional(
    Type.Array(Type.String({ pattern: `^(${typeAlternatives})(,(${typeAlternatives}))*$` })),
  ),
  query: Type.Optional(Type.String({ maxLength: 2000, description: 'Elasticsearch-style query string' })),
  sort: Type.Optional(
    Type.String({ maxLength: 300, description: 'comma list of fields, "-" for descending' }),
  ),
  pageSize: Type.Optional(PageSizeSchema),
  pageNumber: Type.Optional(PageNumberSchema),
  onlyPublished: Type.Optional(Type.Boolean({ default: true })),
  allowedCountry: Type.Optional(CountrySchema),
  fieldSet: Type.Optional(Type.Enum(FIELD_SETS)),
  includeFields: Type.Optional(FieldListSchema),
  excludeFields: Type.Optional(FieldListSchema),
  client: Type.Optional(Type.String()),
});
export type AssetListQuery = Static<typeof AssetListQuerySchema>;

/** Query of `GET /v1/.../content/asset/{assetId}` and `.../next`. */
export const AssetQuerySchema = Type.Object({
  includeSeasons: Type.Optional(Type.Boolean({ default: false })),
  includeEpisodes: Type.Optional(Type.Boolean({ default: false })),
  onlyPublished: Type.Optional(Type.Boolean({ default: true })),
  allowedCountry: Type.Optional(CountrySchema),
  fieldSet: Type.Optional(Type.Enum(FIELD_SETS)),
  client: Type.Optional(Type.String()),
});
export type AssetQuery = Static<typeof AssetQuerySchema>;

/** `types` of the search calls: a comma list of asset types. */
const SearchTypesSchema = Type.String({
  pattern: `^(${typeAlternatives})(,(${typeAlternatives}))*$`,
  default: SEARCH_DEFAULT_TYPES,
  description: 'comma list of asset types',
});
/** `parentalRatings` of the search calls: a bare CSA code keeps the titles within its minimum age (needsParentalPin's rule). */
const SearchParentalRatingsSchema = Type.String({
  maxLength: 200,
  default: SEARCH_DEFAULT_PARENTAL_RATINGS,
  description:
    'A CSA code (1 tous publics, 3 -10, 2/4/5 -12, 6 -16, 7 -18): keeps the unrated titles and those whose minimum age is at most ' +
    "that code's (3 leaves out -12 titles). A `COUNTRY:RATING` list is not filtered on.",
});

/**
 * Query of `GET /v1/.../content/search/suggestions/{text}`. `types` and `parentalRatings` (not in
 * Exposure's v1 call, as in its v3 autocomplete) filter as the search query does, with its
 * defaults: a suggestion is a title the search with the same parameters finds (docs/adr/0014).
 */
export const SearchSuggestionsQuerySchema = Type.Object({
  locale: Type.Optional(Type.String({ pattern: '^[a-z]{2}([-_][A-Za-z]{2})?$' })),
  types: Type.Optional(SearchTypesSchema),
  parentalRatings: Type.Optional(SearchParentalRatingsSchema),
  allowedCountry: Type.Optional(CountrySchema),
  onlyPublished: Type.Optional(Type.Boolean({ default: true })),
  client: Type.Optional(Type.String()),
});
export type SearchSuggestionsQuery = Static<typeof SearchSuggestionsQuerySchema>;

/** `[{ text, assetId }]`: the answer of the suggestions call is a bare array. */
export const SearchSuggestionSchema = Type.Object({
  text: Type.String(),
  assetId: Type.Optional(Type.String()),
});
export const SearchSuggestionListSchema = Type.Array(SearchSuggestionSchema, {
  $id: 'SearchSuggestionList',
  title: 'SearchSuggestionList',
});
export type SearchSuggestion = Static<typeof SearchSuggestionSchema>;

/** Query of `GET /v2/.../content/search/query/{text}`. */
export const SearchQuerySchema = Type.Object({
  locale: Type.Optional(
    Type.Array(Type.String({ pattern: '^[a-z]{2}([-_][A-Za-z]{2})?(,[a-z]{2}([-_][A-Za-z]{2})?)*$' })),
  ),
  types: Type.Optional(SearchTypesSchema),
  schemes: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Za-z0-9_-]+$' }))),
  parentalRatings: Type.Optional(SearchParentalRatingsSchema),
  pageSize: Type.Optional(PageSizeSchema),
  pageNumber: Type.Optional(PageNumberSchema),
  onlyPublished: Type.Optional(Type.Boolean({ default: true })),
  allowedCountry: Type.Optional(CountrySchema),
  client: Type.Optional(Type.String()),
});
export type SearchQuery = Static<typeof SearchQuerySchema>;

/** One hit of the search call: the asset and its highlighted texts (`<em>` around matches). */
export const SearchHitSchema = Type.Object({
  asset: AssetSchema,
  highlightedTitle: Type.Optional(Type.String()),
  highlightedDescription: Type.Optional(Type.String()),
});
export type SearchHitItem = Static<typeof SearchHitSchema>;

/** Exposure `ApiSearchList`. */
export const SearchListSchema = Type.Object(
  {
    items: Type.Array(SearchHitSchema),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
    totalCount: Type.Integer(),
    suggestion: Type.Optional(Type.String()),
  },
  { $id: 'SearchList', title: 'SearchList' },
);
export type SearchList = Static<typeof SearchListSchema>;

/* ---- Issue 18: seasons, v3 search, watch next (Exposure notes §3.1, §6.4, §7) ---- */

/** `season/{n}`: a season number (1 to 9999). */
export const SeasonNumberSchema = Type.String({ pattern: '^[1-9][0-9]{0,3}$', description: 'season number' });

/** `content/asset/{id}/season` and `.../season/{n}/episode`: paging, fields, publication filter. */
export const SeasonListQuerySchema = Type.Object({
  pageSize: Type.Optional(PageSizeSchema),
  pageNumber: Type.Optional(PageNumberSchema),
  includeEpisodes: Type.Optional(Type.Boolean({ default: false })),
  onlyPublished: Type.Optional(Type.Boolean({ default: true })),
  allowedCountry: Type.Optional(CountrySchema),
  fieldSet: Type.Optional(Type.Enum(FIELD_SETS)),
  includeFields: Type.Optional(FieldListSchema),
  excludeFields: Type.Optional(FieldListSchema),
  service: Type.Optional(Type.String({ maxLength: 100 })),
  client: Type.Optional(Type.String()),
});
export type SeasonListQuery = Static<typeof SeasonListQuerySchema>;

/** Exposure `ApiSeasonList`. */
export const SeasonListSchema = Type.Object(
  {
    items: Type.Array(SeasonSchema),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
    totalCount: Type.Integer(),
  },
  { $id: 'SeasonList', title: 'SeasonList' },
);
export type SeasonList = Static<typeof SeasonListSchema>;

/** v3 search calls: `locales` (repeated or comma list), types, rating level, paging. */
export const SearchV3QuerySchema = Type.Object({
  locales: Type.Optional(
    Type.Array(Type.String({ pattern: '^[a-z]{2}([-_][A-Za-z]{2})?(,[a-z]{2}([-_][A-Za-z]{2})?)*$' })),
  ),
  locale: Type.Optional(
    Type.Array(Type.String({ pattern: '^[a-z]{2}([-_][A-Za-z]{2})?(,[a-z]{2}([-_][A-Za-z]{2})?)*$' })),
  ),
  types: Type.Optional(SearchTypesSchema),
  schemes: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Za-z0-9_-]{1,50}$' }))),
  scheme: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,50}$' })),
  parentalRatings: Type.Optional(SearchParentalRatingsSchema),
  pageSize: Type.Optional(PageSizeSchema),
  pageNumber: Type.Optional(PageNumberSchema),
  onlyPublished: Type.Optional(Type.Boolean({ default: true })),
  allowedCountry: Type.Optional(CountrySchema),
  client: Type.Optional(Type.String()),
});
export type SearchV3Query = Static<typeof SearchV3QuerySchema>;

/** `ApiTagSearch` hits of the multi search. */
export const TagSearchListSchema = Type.Object({
  items: Type.Array(Type.Object({ tag: TagTypeSchema, highlightedTitle: Type.Optional(Type.String()) })),
  pageNumber: Type.Integer(),
  pageSize: Type.Integer(),
  totalCount: Type.Integer(),
});

/** `ApiParticipant`: a person of the catalogue's credits (its id is its name, which is what we have). */
export const ParticipantSchema = Type.Object({
  participantId: Type.String(),
  name: Type.String(),
});
export const ParticipantSearchListSchema = Type.Object({
  items: Type.Array(Type.Object({ participant: ParticipantSchema })),
  pageNumber: Type.Integer(),
  pageSize: Type.Integer(),
  totalCount: Type.Integer(),
});

/** Exposure `ApiMultiSearchResponse` (v3 `content/search/query/{q}`). */
export const MultiSearchSchema = Type.Object(
  {
    assetHits: SearchListSchema,
    tagHits: TagSearchListSchema,
    participantHits: ParticipantSearchListSchema,
  },
  { $id: 'MultiSearch', title: 'MultiSearch' },
);
export type MultiSearch = Static<typeof MultiSearchSchema>;

/** Exposure `ApiAutocompleteItem2`: the completed title and the id it belongs to. */
export const AutocompleteItemSchema = Type.Object({ hitText: Type.String(), hitFieldValue: Type.String() });
export const AutocompleteListSchema = Type.Array(AutocompleteItemSchema, {
  $id: 'AutocompleteList',
  title: 'AutocompleteList',
});
export type AutocompleteItem = Static<typeof AutocompleteItemSchema>;

/** `recommend/watchNext/{assetId}`: not personal. */
export const WatchNextQuerySchema = Type.Object({
  allowedCountry: Type.Optional(CountrySchema),
  parentalRatings: Type.Optional(SearchParentalRatingsSchema),
  tagIds: Type.Optional(Type.String({ maxLength: 500 })),
  service: Type.Optional(Type.String({ maxLength: 100 })),
  client: Type.Optional(Type.String()),
});
export type WatchNextQuery = Static<typeof WatchNextQuerySchema>;

/** Exposure `ApiRecommendedWatchNext`. */
export const WatchNextSchema = Type.Object(
  { items: Type.Array(AssetSchema) },
  { $id: 'WatchNext', title: 'WatchNext' },
);
export type WatchNext = Static<typeof WatchNextSchema>;

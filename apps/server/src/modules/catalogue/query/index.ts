export { parseAssetQuery, ASSET_TYPES, MAX_QUERY_DEPTH, MAX_QUERY_LENGTH, type QueryNode } from './parse.js';
export {
  compileAssetQuery,
  queryableAsset,
  type AssetPredicate,
  type QueryableAsset,
  type QueryableFields,
} from './evaluate.js';
export {
  parseAssetSort,
  compareAssets,
  MAX_SORT_KEYS,
  type SortField,
  type SortKey,
  type SortableAsset,
} from './sort.js';

export { parseAssetQuery, ASSET_TYPES, MAX_QUERY_DEPTH, MAX_QUERY_LENGTH, type QueryNode } from './parse.js';
export { compileAssetQuery, type AssetPredicate, type QueryableAsset } from './evaluate.js';
export {
  parseAssetSort,
  compareAssets,
  MAX_SORT_KEYS,
  type SortField,
  type SortKey,
  type SortableAsset,
} from './sort.js';

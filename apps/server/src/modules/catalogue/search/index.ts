export { normalizeText, tokenize } from './normalize.js';
export {
  SearchIndex,
  MIN_SEARCH_LENGTH,
  TYPO_MIN_LENGTH,
  MAX_QUERY_WORDS,
  withinOneEdit,
  type SearchDocument,
  type SearchHit,
  type Suggestion,
  type SuggestOptions,
  type QueryOptions,
} from './search-index.js';

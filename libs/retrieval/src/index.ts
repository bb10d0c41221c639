export {
  SearchService,
  SEARCH_MODES,
  DEFAULT_SEARCH_K,
  MAX_SEARCH_K,
  MAX_QUERY_LENGTH,
  MIN_FUSION_DEPTH,
  type SearchMode,
  type SearchOptions,
  type SearchHit,
} from './search.service';
export { reciprocalRankFusion, DEFAULT_RRF_K, type Ranked } from './reciprocal-rank-fusion';
export { InvalidSearchError } from './errors';

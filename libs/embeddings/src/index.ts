export type { Embedder } from './embedder';
export { createEmbedder } from './embedder.factory';
export type { EmbedderConfig } from './embedder.factory';
export { LexicalEmbedder, LEXICAL_MODEL_ID, LEXICAL_DEFAULT_DIMENSION } from './lexical/lexical.embedder';
export type { LexicalEmbedderOptions } from './lexical/lexical.embedder';
export { porterStem } from './lexical/porter.stemmer';

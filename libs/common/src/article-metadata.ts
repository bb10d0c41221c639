/**
 * What a paper says about itself, as every layer spells it (parser output, chunked article, corpus input and row):
 * the descriptive columns of the `articles` table. Layers extend it with their own fields, or `Pick` from it.
 */
export interface ArticleMetadata {
  title: string;
  authors: string[];
  abstract: string;
  datePublished: string | null;
  journal: string | null;
  doi: string | null;
  pageCount: number;
}

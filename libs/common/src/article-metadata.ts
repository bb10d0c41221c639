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
  /** Institutions printed under the authors, markers removed (`articles.affiliations`, JSON). */
  affiliations?: string[];
  /** The paper's own keywords (`articles.keywords`, JSON). */
  keywords?: string[];
  /** The reference list as data, in printed order (the `references` table). */
  references?: BibReference[];
}

/** One entry of a paper's reference list: the printed text and the fields read from it (null when not found). */
export interface BibReference {
  /** 0-based printed order. */
  position: number;
  /** The label in-text markers use: `12` for `[12]`, null for author–year lists. */
  label: string | null;
  raw: string;
  authors: string[];
  title: string | null;
  year: number | null;
  venue: string | null;
  doi: string | null;
}

import type { ArticleMetadata, PageStart } from '@lectern/common';

/** Inputs and rows of a project's corpus database. */

/** Mirrors `ContextKind` of @lectern/parsing; corpus sits below parsing, so it spells the union itself. */
export type ContextKind = 'text' | 'table' | 'equation' | 'figure_caption' | 'toc';
/** A printed table of contents is kept for navigation but never searched: no vector, no FTS row (migration 0007). */
export const UNSEARCHED_KIND: ContextKind = 'toc';
export const isSearchedKind = (kind: ContextKind): boolean => kind !== UNSEARCHED_KIND;
export type StopReason = 'Section' | 'Token limit';
/** How a context's text was obtained: the PDF's text layer, or OCR of the rendered page. */
export type TextSource = 'pdf' | 'ocr';

export interface EmbeddingSpec {
  modelId: string;
  dimension: number;
}

export interface ContextInput {
  text: string;
  pageNumber: number;
  kind: ContextKind;
  numTokens: number;
  stopReason: StopReason;
  /** Unit length, `dimension` long. */
  embedding: Float32Array;
  /** Where the context starts on its page, in PDF points, when the parser knew. */
  box?: ContextBox;
  /** Default `pdf`; `ocr` with the mean confidence (0–100) of the OCR'd words. */
  textSource?: TextSource;
  ocrConfidence?: number;
  /** Where the text crosses page breaks (offsets into `text`); absent for a context printed on one page. */
  pageStarts?: PageStart[];
}

export interface ContextBox {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SectionInput {
  number: string;
  title: string;
  level: number;
  numTokens: number;
  contexts: ContextInput[];
}

export interface ArticleInput extends ArticleMetadata {
  documentId: string;
  numTokens: number;
  embeddingModel: string;
  /** Reading order. */
  sections: SectionInput[];
}

export interface ArticleRow extends ArticleMetadata {
  id: string;
  documentId: string;
  numTokens: number;
  createdAt: string;
}

export interface OutlineEntry {
  id: string;
  number: string;
  title: string;
  level: number;
  /** The section this one belongs to (the nearest earlier one with a lower level); null at the top level. */
  parentId: string | null;
  /** 0-based reading order within the article. */
  position: number;
  numTokens: number;
  contextCount: number;
  /** Null for a section without contexts. */
  pageStart: number | null;
  pageEnd: number | null;
  /** Contexts whose text OCR read, and their mean confidence (null when none). */
  ocrContexts: number;
  ocrConfidence: number | null;
  /** Where the section's first passage starts (its heading sits just above); null when unknown or without text. */
  box: ContextBox | null;
  /** The start of the section's first passage (OUTLINE_LEAD_CHARS at most); null without text. */
  lead: string | null;
}

export interface ContextRow {
  id: string;
  text: string;
  sectionId: string;
  sectionNumber: string;
  sectionTitle: string;
  /** 0-based position within its section. */
  position: number;
  /** 1-based, where the context starts. */
  page: number;
  /** Where the text crosses page breaks; absent on one page (or stored before corpus migration 0008). */
  pageStarts?: PageStart[];
  kind: ContextKind;
  numTokens: number;
  stopReason: StopReason;
  /** Always set by the corpus; absent on rows built from search hits. */
  textSource?: TextSource;
  /** Mean confidence (0–100) of the OCR'd words; null for text from the text layer. */
  ocrConfidence?: number | null;
}

export interface CorpusHit {
  contextId: string;
  text: string;
  /** Higher is better: -BM25 for keyword hits, cosine similarity for vector hits. */
  score: number;
  /** 1-based page where the context starts. */
  page: number;
  /** Where the text crosses page breaks; absent on one page (or stored before corpus migration 0008). */
  pageStarts?: PageStart[];
  kind: ContextKind;
  /** Null when the parser did not report coordinates. */
  box: ContextBox | null;
  article: { id: string; title: string };
  section: { id: string; number: string; title: string };
}

/** One context with where it sits: what the UI's source view opens. */
export interface ContextDetail {
  id: string;
  text: string;
  kind: ContextKind;
  /** 1-based page where the context starts. */
  page: number;
  /** Where the text crosses page breaks; absent on one page (or stored before corpus migration 0008). */
  pageStarts?: PageStart[];
  box: ContextBox | null;
  section: { id: string; number: string; title: string };
  article: { id: string; title: string; documentId: string };
}

/** A section's heading and the article it belongs to, without its contexts. */
export interface SectionPlace {
  id: string;
  articleId: string;
  number: string;
  title: string;
  level: number;
  /** The section this one belongs to (see OutlineEntry.parentId); null at the top level. */
  parentId: string | null;
}

/** What a document list shows of an article: its title and size. */
export interface ArticleSummary {
  articleId: string;
  title: string;
  sections: number;
  contexts: number;
}

export interface CorpusStats {
  articles: number;
  sections: number;
  contexts: number;
}

/** A context with its neighbours in the article's reading order, across section boundaries. */
export interface ContextNeighbourhood {
  articleId: string;
  /** Up to `before` contexts, the context itself, up to `after` contexts. */
  contexts: ContextRow[];
  /** Where the context itself is in `contexts`. */
  index: number;
}

import type { ArticleMetadata, PageStart } from '@lectern/common';
import type { BoundingBox, ContextKind } from '@lectern/parsing';
import type { TokenCounter } from '@lectern/text';

/** Why a context ends: its section ended, or the next piece would have pushed it past the token budget. */
export type StopReason = 'Section' | 'Token limit';

export interface ChunkedContext {
  text: string;
  /** Page (1-based) the context's first character is printed on. */
  pageNumber: number;
  /** Where the text crosses page breaks (offsets into `text`); absent for a context printed on one page. */
  pageStarts?: PageStart[];
  kind: ContextKind;
  numTokens: number;
  stopReason: StopReason;
  /** Where the context's first block sits on its page, when the parser knew. */
  box?: BoundingBox;
  /** `ocr` when any of its blocks was read by OCR, with their mean word confidence (0–100); absent: the text layer. */
  textSource?: 'ocr';
  ocrConfidence?: number;
}

export interface ChunkedSection {
  number: string;
  title: string;
  level: number;
  /** Sum of the contexts' tokens; 0 for a heading-only section. */
  numTokens: number;
  contexts: ChunkedContext[];
}

export interface ChunkedArticle extends ArticleMetadata {
  numTokens: number;
  sections: ChunkedSection[];
}

export interface ChunkOptions {
  /** Largest context, in the counter's tokens; an integer ≥ MIN_CONTEXT_MAX_TOKENS. */
  maxTokens: number;
  counter: TokenCounter;
}

/** Default context budget until our retrieval evaluation picks one (8192 reproduces one context per section). */
export const DEFAULT_CONTEXT_MAX_TOKENS = 512;
/** Below this a context cannot hold one ordinary sentence, and word-level splitting takes over everything. */
export const MIN_CONTEXT_MAX_TOKENS = 32;

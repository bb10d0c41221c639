import { lastPageOf, type PageStart } from '@lectern/common';
import type { ContextKind, ContextNeighbourhood, ContextRow } from '@lectern/corpus';
import type { SearchHit } from './search.service';

/** As UIUC.chat's parent document retrieval (DESIGN.md): the top 5 hits, 2 contexts either side. */
export const DEFAULT_EXPAND_TOP = 5;
export const DEFAULT_EXPAND_BEFORE = 2;
export const DEFAULT_EXPAND_AFTER = 2;

export interface PassageContext {
  id: string;
  text: string;
  /** 1-based page where the context starts. */
  page: number;
  /** Where the text crosses page breaks, so a sentence is cited on its own page; absent on one page. */
  pageStarts?: PageStart[];
  kind: ContextKind;
  section: { id: string; number: string; title: string };
}

/** A stretch of one article in reading order around one or more hits. */
export interface Passage {
  contexts: PassageContext[];
  /** The contexts' text joined by blank lines. */
  text: string;
  article: { id: string; title: string };
  pages: { from: number; to: number };
  /** Distinct sections the passage runs through, in reading order. */
  sections: Array<{ number: string; title: string }>;
  /** The score of the best hit in the passage. */
  score: number;
  /** The hits the passage was built around, best first. */
  hitContextIds: string[];
}

export interface ExpandOptions {
  top?: number;
  before?: number;
  after?: number;
}

/** Where parent expansion reads neighbouring contexts: `CorpusDb` satisfies it. */
export interface ContextNeighbourhoodSource {
  contextNeighbourhood(contextId: string, before: number, after: number): ContextNeighbourhood | null;
}

interface Window {
  articleId: string;
  articleTitle: string;
  /** Consecutive contexts of the article, in reading order. */
  rows: ContextRow[];
  /** The contexts just outside the window (null at the article's ends): how touching windows are recognised. */
  previousId: string | null;
  nextId: string | null;
  bestRank: number;
  score: number;
  hits: Array<{ rank: number; contextId: string }>;
}

/**
 * Parent expansion: each of the top hits grows into the `before` preceding and `after` following contexts of its
 * article in reading order (across section boundaries); windows of one article that overlap or touch merge into one
 * passage. Passages come in the rank order of their best hit. A hit whose context is gone (deleted meanwhile) stays
 * a one-context passage. Reads only the contexts around each hit, so long articles cost no more than short ones.
 */
export function expandParents(hits: readonly SearchHit[], source: ContextNeighbourhoodSource, options: ExpandOptions = {}): Passage[] {
  const top = options.top ?? DEFAULT_EXPAND_TOP;
  const before = options.before ?? DEFAULT_EXPAND_BEFORE;
  const after = options.after ?? DEFAULT_EXPAND_AFTER;
  const windows: Window[] = [];
  hits.slice(0, top).forEach((hit, rank) => {
    // One context more on each side than the window needs, to know what lies just outside it.
    const around = source.contextNeighbourhood(hit.contextId, before + 1, after + 1);
    const rows = around?.contexts ?? [rowOfHit(hit)];
    const at = around?.index ?? 0;
    const from = Math.max(0, at - before);
    const to = Math.min(rows.length - 1, at + after);
    mergeInto(windows, {
      articleId: hit.article.id,
      articleTitle: hit.article.title,
      rows: rows.slice(from, to + 1),
      previousId: from > 0 ? rows[from - 1].id : null,
      nextId: to < rows.length - 1 ? rows[to + 1].id : null,
      bestRank: rank,
      score: hit.score,
      hits: [{ rank, contextId: hit.contextId }],
    });
  });
  return windows.sort((a, b) => a.bestRank - b.bestRank).map(toPassage);
}

/** Adds `window`, folding into it every window of the same article it overlaps or touches (it can bridge two). */
function mergeInto(windows: Window[], window: Window): void {
  let merged = window;
  for (let i = windows.length - 1; i >= 0; i--) {
    const other = windows[i];
    if (other.articleId !== merged.articleId) continue;
    const joined = join(other, merged);
    if (!joined) continue;
    merged = joined;
    windows.splice(i, 1);
  }
  windows.push(merged);
}

/** The union of two windows of one article when they overlap or touch, else null. */
function join(a: Window, b: Window): Window | null {
  const aIds = new Set(a.rows.map((row) => row.id));
  const bIds = new Set(b.rows.map((row) => row.id));
  const overlap = b.rows.some((row) => aIds.has(row.id));
  if (!overlap && a.nextId !== b.rows[0].id && b.nextId !== a.rows[0].id) return null;
  // Both are consecutive runs, so the one holding (or touching) the other's start comes first.
  const aFirst = aIds.has(b.rows[0].id) || (!bIds.has(a.rows[0].id) && a.nextId === b.rows[0].id);
  const [first, second] = aFirst ? [a, b] : [b, a];
  const firstIds = aFirst ? aIds : bIds;
  const endsInFirst = firstIds.has(second.rows[second.rows.length - 1].id);
  const [best, worse] = a.bestRank <= b.bestRank ? [a, b] : [b, a];
  return {
    ...best,
    rows: [...first.rows, ...second.rows.filter((row) => !firstIds.has(row.id))],
    previousId: first.previousId,
    nextId: endsInFirst ? first.nextId : second.nextId,
    hits: [...best.hits, ...worse.hits],
  };
}

function toPassage(window: Window): Passage {
  const rows = window.rows;
  const sections: Passage['sections'] = [];
  let lastSectionId: string | null = null;
  for (const row of rows) {
    if (row.sectionId === lastSectionId) continue;
    lastSectionId = row.sectionId;
    sections.push({ number: row.sectionNumber, title: row.sectionTitle });
  }
  const pages = rows.map((row) => row.page);
  return {
    contexts: rows.map((row) => ({
      id: row.id,
      text: row.text,
      page: row.page,
      ...(row.pageStarts ? { pageStarts: row.pageStarts } : {}),
      kind: row.kind,
      section: { id: row.sectionId, number: row.sectionNumber, title: row.sectionTitle },
    })),
    text: rows.map((row) => row.text).join('\n\n'),
    article: { id: window.articleId, title: window.articleTitle },
    // The last page is where the last passage's text ends, which may be past the page it starts on.
    pages: { from: Math.min(...pages), to: Math.max(...rows.map((row) => lastPageOf(row.page, row.pageStarts))) },
    sections,
    score: window.score,
    hitContextIds: [...window.hits].sort((a, b) => a.rank - b.rank).map((h) => h.contextId),
  };
}

function rowOfHit(hit: SearchHit): ContextRow {
  return {
    id: hit.contextId,
    text: hit.text,
    sectionId: hit.section.id,
    sectionNumber: hit.section.number,
    sectionTitle: hit.section.title,
    position: 0,
    page: hit.page,
    ...(hit.pageStarts ? { pageStarts: hit.pageStarts } : {}),
    kind: hit.kind,
    numTokens: 0,
    stopReason: 'Section',
  };
}

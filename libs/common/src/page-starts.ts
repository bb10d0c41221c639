/**
 * Where a passage's text crosses page breaks: each entry is the character offset (UTF-16, as JavaScript indexes a
 * string) of the first character printed on `page`. A passage printed on one page has none; its page is its own.
 * The page is kept, not implied as "the next one", because a paragraph may resume past a page that holds only a float.
 */
export interface PageStart {
  offset: number;
  page: number;
}

/** The pages a span of a passage's text is printed on: `page` where it starts, `pageEnd` only when it ends on another. */
export interface SpanPages {
  page: number;
  pageEnd?: number;
}

/** The page the character at `offset` is printed on, for a passage starting on `page`. */
export function pageAtOffset(page: number, starts: readonly PageStart[] | null | undefined, offset: number): number {
  let at = page;
  for (const start of starts ?? []) {
    if (start.offset > offset) break;
    at = start.page;
  }
  return at;
}

/**
 * The pages of `span` (end exclusive) in a passage starting on `page`. Without page starts (a corpus stored before
 * they were kept, a parser that does not report them) it is the passage's page.
 */
export function pagesOfSpan(
  page: number,
  starts: readonly PageStart[] | null | undefined,
  span: { start: number; end: number },
): SpanPages {
  const first = pageAtOffset(page, starts, span.start);
  const last = pageAtOffset(page, starts, Math.max(span.start, span.end - 1));
  return last !== first ? { page: first, pageEnd: last } : { page: first };
}

/** How a citation names its pages: "p. 3", or "pp. 3–4" when the cited text runs onto another page. */
export function pagesLabel(page: number, pageEnd?: number | null): string {
  return pageEnd && pageEnd !== page ? `pp. ${page}–${pageEnd}` : `p. ${page}`;
}

/** The last page a passage is printed on. */
export function lastPageOf(page: number, starts: readonly PageStart[] | null | undefined): number {
  return starts && starts.length > 0 ? starts[starts.length - 1].page : page;
}

/** A span of a passage's text set into a joined text. */
export interface JoinedSpan {
  /** Where the span stands in the joined text. */
  at: number;
  /** The page the passage starts on, and its page starts. */
  page: number;
  pageStarts?: readonly PageStart[] | null;
  /** Where the span starts in the passage's text (0 when not given). */
  from?: number;
  /** The span's length: to the passage's end when not given. */
  length?: number;
}

/**
 * Where a text joined from spans of passages crosses page breaks, for a text starting on `page`: where a span opens on
 * another page than the text before it ends on, and the passage's own page starts inside the span. A start on the page
 * already reached says nothing and is left out. Undefined when the whole text is printed on `page`.
 */
export function joinPageStarts(page: number, spans: readonly JoinedSpan[]): PageStart[] | undefined {
  const joined: PageStart[] = [];
  let current = page;
  for (const span of spans) {
    const from = span.from ?? 0;
    const end = span.length === undefined ? Infinity : from + span.length;
    const opening = pageAtOffset(span.page, span.pageStarts, from);
    if (opening !== current) joined.push({ offset: span.at, page: (current = opening) });
    for (const start of span.pageStarts ?? []) {
      if (start.offset <= from || start.offset >= end || start.page === current) continue;
      joined.push({ offset: span.at + start.offset - from, page: (current = start.page) });
    }
  }
  return joined.length > 0 ? joined : undefined;
}

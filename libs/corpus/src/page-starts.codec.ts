import type { PageStart } from '@lectern/common';

/** Page starts as stored (`[[offset, page], …]`, JSON), or null for a passage on one page. */
export function encodePageStarts(starts: readonly PageStart[] | undefined): string | null {
  return starts && starts.length > 0 ? JSON.stringify(starts.map((s) => [s.offset, s.page])) : null;
}

/** The stored form back; anything unreadable (a hand-edited import) counts as none, so the passage's page is used. */
export function decodePageStarts(stored: string | null | undefined): PageStart[] | undefined {
  if (!stored) return undefined;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return undefined;
    const starts = parsed.flatMap((pair: unknown) =>
      Array.isArray(pair) && Number.isInteger(pair[0]) && Number.isInteger(pair[1])
        ? [{ offset: pair[0] as number, page: pair[1] as number }]
        : [],
    );
    return starts.length > 0 ? starts : undefined;
  } catch {
    return undefined;
  }
}

/** `{ pageStarts }` for a row's stored column when it holds any, else nothing (rows keep their shape on one page). */
export function withPageStarts(stored: string | null | undefined): { pageStarts?: PageStart[] } {
  const pageStarts = decodePageStarts(stored);
  return pageStarts ? { pageStarts } : {};
}

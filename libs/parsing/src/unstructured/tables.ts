import { gridToMarkdown, parseHtmlTable, titleRows } from './html-table';
import type { UnstructuredElement } from './unstructured.types';

/** One table recovered by Unstructured, ready to be merged into a parsed article. */
export interface ParsedTable {
  /** 1-based page the table is on. */
  page: number;
  /** GitHub-flavoured Markdown table, or the flat text when Unstructured gave no HTML. */
  markdown: string;
  /** `Table 2: …` from a neighbouring element, when there is one. */
  caption?: string;
  /** The table's words as one flat string (what a text-only parser makes of the table). */
  text: string;
}

const TABLE_TYPES = new Set(['Table', 'TableChunk']);
const CAPTION_TYPES = new Set(['FigureCaption', 'NarrativeText', 'UncategorizedText', 'Title']);
/** Page furniture that can sit between a caption and its table in Unstructured's element order. */
const SKIPPED_TYPES = new Set(['PageNumber', 'Header', 'Footer', 'PageBreak']);
const CAPTION_START = /^(?:table|tab\.)\s*(?:\d+|[ivxlc]+)\b/i;
/** A paragraph that starts with "Table 2 shows …" is prose about the table, not its caption. */
const PROSE_ABOUT_TABLE =
  /^(?:table|tab\.)\s*\S+\s+(?:shows?|lists?|presents?|summari[sz]es|reports?|gives|compares|contains|provides|illustrates|describes)\b/i;
/** A caption element that is only the label ("Table 1") continues in the next element. */
const LABEL_ONLY_MAX_CHARS = 15;
const LOOK_BEHIND = 4;
const LOOK_AHEAD = 3;

export function tablesFromElements(elements: UnstructuredElement[]): ParsedTable[] {
  const usedCaptions = new Set<number>();
  const tables: ParsedTable[] = [];
  elements.forEach((element, index) => {
    if (!TABLE_TYPES.has(element.type)) return;
    const page = element.metadata.page_number ?? 1;
    const html = element.metadata.text_as_html;
    const grid = html ? parseHtmlTable(html) : undefined;
    const flat = collapse(element.text);
    const markdown = grid && grid.width > 0 ? gridToMarkdown(grid) : flat;
    const text = flat || (grid ? collapse([...grid.head, ...grid.body].flat().join(' ')) : '');
    if (!markdown && !text) return;
    const caption = findCaption(elements, index, page, usedCaptions) ?? (grid ? titleRows(grid).join(' ') || undefined : undefined);
    tables.push({ page, markdown: markdown || text, ...(caption ? { caption } : {}), text });
  });
  return tables;
}

/** Captions sit above tables in most journals, below in some: look back first, then ahead. */
function findCaption(elements: UnstructuredElement[], tableIndex: number, page: number, used: Set<number>): string | undefined {
  const near = (from: number, step: 1 | -1, limit: number): number | undefined => {
    let seen = 0;
    for (let i = from; i >= 0 && i < elements.length && seen < limit; i += step) {
      const element = elements[i];
      if ((element.metadata.page_number ?? 1) !== page || TABLE_TYPES.has(element.type)) return undefined;
      if (SKIPPED_TYPES.has(element.type)) continue;
      seen++;
      if (!used.has(i) && isCaption(element)) return i;
    }
    return undefined;
  };
  const at = near(tableIndex - 1, -1, LOOK_BEHIND) ?? near(tableIndex + 1, 1, LOOK_AHEAD);
  if (at === undefined) return undefined;
  used.add(at);
  const label = collapse(elements[at].text);
  if (label.length > LABEL_ONLY_MAX_CHARS) return label;
  const next = elements[at + 1];
  const continues =
    next && at + 1 !== tableIndex && !used.has(at + 1) && CAPTION_TYPES.has(next.type) && (next.metadata.page_number ?? 1) === page;
  if (!continues) return label;
  used.add(at + 1);
  return `${label} ${collapse(next.text)}`;
}

function isCaption(element: UnstructuredElement): boolean {
  const text = collapse(element.text);
  return CAPTION_TYPES.has(element.type) && CAPTION_START.test(text) && !PROSE_ABOUT_TABLE.test(text);
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

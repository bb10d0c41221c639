import type { ParsedBlock } from '../article';
import { toMarkdown, type Row } from './table-rows';

/** A table found in the flow: its lines [start, end), caption included, and the blocks that replace them. */
export interface TableRegion {
  start: number;
  end: number;
  /** The caption as its own `figure_caption` block (when it has one), then the table as a `table` block (caption + Markdown + notes). */
  blocks: ParsedBlock[];
}

/** A table's caption label opening a line: "Table 3", "Tab. 2a", "Cuadro IV". */
export const TABLE_CAPTION = /^(table|tab\.|tabla|cuadro|tableau|tabelle)\s*([0-9]+|[ivxlc]+)[a-z]?\b/i;
/** Notes printed under a table: "Note: *, ** and *** depict significance…", "Source: …", "* p < 0.05". */
export const TABLE_NOTE = /^(notes?|sources?|fuente|legend)\s*[:.]|^[*∗†‡]+\s*\S|^[a-d]\s*[:)]\s|^significan/i;

/** The region's blocks: the caption (if any) as a `figure_caption`, then caption, Markdown rows and notes as one `table` block. */
export function tableRegion(start: number, end: number, captionText: string, rows: Row[], notes: string[], page: number): TableRegion {
  const table = [captionText, toMarkdown(rows), ...notes].filter(Boolean).join('\n\n');
  const caption: ParsedBlock[] = captionText ? [{ text: captionText, page, kind: 'figure_caption' }] : [];
  return { start, end, blocks: [...caption, { text: table, page, kind: 'table' }] };
}

/** Whether flow line `i` lies inside one of the regions. */
export const insideAny = (regions: readonly TableRegion[], i: number): boolean => regions.some((r) => i >= r.start && i < r.end);

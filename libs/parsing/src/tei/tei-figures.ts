import type { ContextKind } from '../article';
import { firstBox } from './tei-coords';
import type { DraftBlock } from './tei-draft';
import { attr, children, childrenNamed, findChild, tagOf, textOf, type TeiNode } from './tei-nodes';

/**
 * A `<figure>` as one block: `figure_caption` for figures, `table` for `type="table"` (caption above the cells as a
 * Markdown table). GROBID 2015 put unrecognised math in a caption-less `<figure><trash>`: that is an equation.
 */
export function figureBlock(figure: TeiNode): DraftBlock | null {
  const isTable = attr(figure, 'type') === 'table';
  const caption = captionOf(figure, isTable);
  const tableNode = findChild(children(figure), 'table');
  const notes = childrenNamed(figure, 'note')
    .map((n) => textOf(n))
    .filter(Boolean);
  let text: string;
  let kind: ContextKind;
  if (isTable) {
    const table = tableNode ? tableText(tableNode) : '';
    text = [caption, table, ...notes].filter(Boolean).join('\n\n');
    kind = 'table';
  } else if (caption) {
    text = [caption, ...notes].join('\n\n');
    kind = 'figure_caption';
  } else {
    text = childrenNamed(figure, 'trash')
      .map((t) => textOf(t))
      .filter(Boolean)
      .join('\n');
    kind = 'equation';
  }
  if (!text) return null;
  const box = firstBox(figure);
  return box ? { text, kind, box } : { text, kind };
}

/** `head` + `label` + `figDesc`, without repeating "Figure 2:" when the description already starts with it. */
function captionOf(figure: TeiNode, isTable: boolean): string {
  const part = (tag: string) => {
    const node = findChild(children(figure), tag);
    return node ? textOf(node) : '';
  };
  // GROBID writes heads as "Figure 2 :" / "FIG. 2 ."; the printed form has no space before the punctuation.
  let head = part('head').replace(/\s+([:.])$/, '$1');
  const label = part('label');
  const description = part('figDesc');
  if (!head && label) head = `${isTable ? 'Table' : 'Figure'} ${label}`;
  else if (head && label && !head.includes(label)) head = `${head} ${label}`;
  if (!head) return description;
  if (!description) return head;
  return squash(description).startsWith(squash(head)) ? description : `${head} ${description}`;
}

const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** `<row>/<cell>` as a Markdown table (first row as header); a table GROBID left as plain text stays plain text. */
export function tableText(table: TeiNode): string {
  const rows = childrenNamed(table, 'row').map((row) =>
    childrenNamed(row, 'cell').flatMap((cell) => {
      const text = textOf(cell).replace(/\|/g, '\\|');
      const span = Number(attr(cell, 'cols') ?? '1');
      // A spanning cell keeps its columns so every row has the same width.
      return [text, ...Array.from({ length: Number.isInteger(span) && span > 1 ? span - 1 : 0 }, () => '')];
    }),
  );
  if (rows.length === 0) return textOf(children(table).filter((n) => tagOf(n) !== 'row'));
  const width = Math.max(...rows.map((r) => r.length));
  const line = (cells: string[]) => `| ${[...cells, ...Array(width - cells.length).fill('')].join(' | ')} |`;
  return [line(rows[0]), `|${' --- |'.repeat(width)}`, ...rows.slice(1).map(line)].join('\n');
}

import { readFileSync } from 'node:fs';

/** Lowercase words and digits only, so a caption matches a page's text whatever its line breaks and hyphens. */
const normalize = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Words of a caption used to find it: its first eight after the "Table N" label (GROBID spells labels its own way). */
const CAPTION_WORDS = 8;

/**
 * The page each gold table is printed on, found from its caption in the PDF's own text (index 0 = page 1): the
 * page that holds the caption's first words after its label. Null when no page or more than one holds them (the
 * scoring then falls back to counting per document). Independent of the parser under test: plain page text only.
 */
export function locateCaptionPages(captions: string[], pageTexts: string[]): Array<number | null> {
  const pages = pageTexts.map(normalize);
  return captions.map((caption) => {
    const words = normalize(caption.replace(/^\s*(table|tab\.|tabla|cuadro|tableau|tabelle)\s*[0-9ivxlc]+[a-z]?\s*[:.]?/i, ''))
      .split(' ')
      .slice(0, CAPTION_WORDS);
    if (words.length < 3) return null;
    const needle = words.join(' ');
    const found = pages.flatMap((text, i) => (text.includes(needle) ? [i + 1] : []));
    return found.length === 1 ? found[0] : null;
  });
}

interface UnstructuredElementJson {
  type: string;
  metadata?: { page_number?: number };
}

/**
 * Unstructured's `Table` elements as gold pages. `firstPage` is the page of the source document that the PDF's
 * page 1 is (a one-page excerpt of page 5 → 5); tables outside the excerpt are left out.
 */
export function unstructuredTablePages(file: string, firstPage: number, pageCount: number): number[] {
  const elements = JSON.parse(readFileSync(file, 'utf8')) as UnstructuredElementJson[];
  return elements
    .filter((e) => e.type === 'Table' && typeof e.metadata?.page_number === 'number')
    .map((e) => (e.metadata?.page_number as number) - firstPage + 1)
    .filter((page) => page >= 1 && page <= pageCount);
}

const TABLE_LABEL = /^(table|tab\.)\s*[0-9ivxlc]+[a-z]?\s*[:.]/i;

/**
 * Nougat's tables as gold: one per `\begin{table}` block of its Markdown, captioned by the "Table N: …" line printed
 * right after the block (or inside it). Nougat reads the rendered page, not the text layer, so it is independent of
 * the parser under test; the runner places each table by its caption in the PDF's text ('' when it has none).
 */
export function nougatTableCaptions(mmd: string): string[] {
  const captions: string[] = [];
  for (const m of mmd.matchAll(/\\begin\{table\}([\s\S]*?)\\end\{table\}\s*\n([^\n]*)/g)) {
    const after = m[2].trim();
    const inside = m[1].split('\n').find((l) => TABLE_LABEL.test(l.trim()));
    captions.push(TABLE_LABEL.test(after) ? after : (inside?.trim() ?? ''));
  }
  return captions;
}

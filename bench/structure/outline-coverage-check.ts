import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { PdfjsParser, readPdfOutline, withPdfDocument, type ParsedSection, type PdfBookmark } from '@lectern/parsing';
import { placedBookmarks, readBookmarkSet } from './bookmark-set';
import { matchHeadings } from './structure-scoring';

/**
 * `node dist/bench/structure/outline-coverage-check.js [--only TEXT] [--misses FILE]`: set 2's dev part parsed with
 * the outline used. Counts the sections the outline gives that end up with no passage although their page prints
 * text under the heading (read from pdf.js text items, not the parser: ≥ MIN_TEXT_UNDER letters and digits between
 * the destination and the next entry's, the title itself left out). An entry whose next entry sits right under it
 * (a chapter over its first section) is empty by nature and not counted. `--misses` writes the outline-used pass's
 * missed gold entries and unmatched sections per document (run-structure-eval writes only the hidden pass's).
 * The held-out fifth is never read.
 */
const MIN_TEXT_UNDER = 80;
/** The next entry this close below (pt) heads the text right under this one. */
const STACKED = 48;

interface Item {
  str: string;
  transform: number[];
}

const compact = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '');

function option(name: string): string | null {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? '') : null;
}

async function main(): Promise<void> {
  const only = option('--only');
  const misses = option('--misses');
  if (misses) writeFileSync(misses, '');
  const docs = (await readBookmarkSet(() => undefined)).filter((d) => !d.heldOut && (!only || d.name.includes(only)));
  const parser = new PdfjsParser();
  let empty = 0;
  let outlineSections = 0;
  let emptyAll = 0;
  for (const doc of docs) {
    const data = readFileSync(doc.pdf);
    const { bookmarks } = await readPdfOutline(data);
    const placed = placedBookmarks(bookmarks);
    const article = await parser.parse(new Uint8Array(data), { ignoreOutline: false });
    const sections = article.sections.filter((s) => s.title);
    const pairs = pairSections(sections, placed);
    outlineSections += pairs.length;
    const bare = pairs.filter(({ section }) => section.blocks.length === 0);
    emptyAll += bare.length;
    const lost = await withPdfDocument(new Uint8Array(data), async (pdf) => {
      const out: string[] = [];
      for (const { section, k } of bare) {
        const b = placed[k];
        const next = placed[k + 1];
        if (next && next.page === b.page && b.top !== null && next.top !== null && b.top - next.top >= 0 && b.top - next.top <= STACKED)
          continue;
        const page = await pdf.getPage(b.page as number);
        const items = (await page.getTextContent()).items as Item[];
        const bottom = page.view[1] ?? 0;
        const top = b.top === null ? Infinity : b.top + 2;
        const floor =
          next && next.page === b.page && next.top !== null && b.top !== null && next.top < b.top ? next.top - bottom : -Infinity;
        const under = compact(
          items
            .filter((i) => {
              const y = i.transform[5] - bottom;
              return y <= top && y > floor;
            })
            .map((i) => i.str)
            .join(' '),
        ).replace(compact(b.title), '');
        if (under.length >= MIN_TEXT_UNDER) out.push(`${section.number} ${section.title} (p${b.page})`);
      }
      return out;
    });
    empty += lost.length;
    if (lost.length) console.log(`${doc.name}: ${lost.length} empty — ${lost.join('; ')}`);
    if (misses) {
      const match = matchHeadings(
        sections.filter((s) => s.number !== '0'),
        placed.map((b) => ({ title: b.title, level: b.level })),
      );
      const line = {
        set: '2 bookmarks, outline used',
        doc: doc.name,
        missed: placed.flatMap((b, k) => (match.goldMatched[k] ? [] : [{ title: b.title, level: b.level, page: b.page }])),
        false: sections
          .filter((s) => s.number !== '0')
          .flatMap((s, k) => (match.predictedMatched[k] ? [] : [{ title: s.title, number: s.number, page: s.blocks[0]?.page ?? null }])),
      };
      appendFileSync(misses, `${JSON.stringify(line)}\n`);
    }
  }
  console.log(
    `set 2 dev, outline used: ${docs.length} documents, ${outlineSections} sections paired with an outline entry, ` +
      `${emptyAll} without a passage, ${empty} of them with text under the heading on its page`,
  );
}

/** Each section paired, in order, with the outline entry whose title it carries (a printed number may differ). */
function pairSections(sections: ParsedSection[], placed: PdfBookmark[]): Array<{ section: ParsedSection; k: number }> {
  const out: Array<{ section: ParsedSection; k: number }> = [];
  let cursor = 0;
  for (const section of sections) {
    const title = compact(section.title);
    if (!title) continue;
    for (let k = cursor; k < Math.min(placed.length, cursor + 40); k++) {
      const want = compact(placed[k].title);
      if (want === title || (want.endsWith(title) && want.length - title.length <= 14)) {
        out.push({ section, k });
        cursor = k + 1;
        break;
      }
    }
  }
  return out;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

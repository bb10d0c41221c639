import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { ABSTRACT_SECTION_NUMBER, collectHeadingTraining, PdfjsParser, readPdfOutline, type HeadingTrainingRow } from '@lectern/parsing';
import { placedBookmarks, readBookmarkSet } from './bookmark-set';
import { matchHeadings } from './structure-scoring';

/**
 * Training rows for the learned heading scorer: every candidate the heading rules select in the bookmark set's
 * dev part (never the held-out fifth), labelled by matching it to the document's hidden outline as the eval does.
 * Usage: `node dist/bench/structure/dump-heading-features.js OUT.jsonl [--only TEXT]`; one JSON line per document
 * with the eval's own counts (matched, predicted, gold) so that a filter's effect on F1 can be replayed offline.
 */
async function main(): Promise<void> {
  const out = process.argv[2];
  if (!out) throw new Error('usage: dump-heading-features OUT.jsonl [--only TEXT]');
  const at = process.argv.indexOf('--only');
  const only = at >= 0 ? process.argv[at + 1] : null;
  writeFileSync(out, '');
  const docs = (await readBookmarkSet((line) => console.log(line))).filter((d) => !d.heldOut && (only === null || d.name.includes(only)));
  const parser = new PdfjsParser();
  for (const doc of docs) {
    const data = readFileSync(doc.pdf);
    const { bookmarks } = await readPdfOutline(data);
    const gold = placedBookmarks(bookmarks).map((b) => ({ title: b.title, level: b.level }));
    const rows: HeadingTrainingRow[] = [];
    collectHeadingTraining((row) => rows.push(row));
    try {
      const article = await parser.parse(data, { ignoreOutline: true });
      const sections = article.sections.filter((s) => s.title && s.number !== ABSTRACT_SECTION_NUMBER);
      const evalMatch = matchHeadings(sections, gold);
      const selected = rows.filter((r) => r.selected);
      const rejected = rows.filter((r) => !r.selected);
      const asTitles = (list: HeadingTrainingRow[]) => list.map((r) => ({ title: r.title, level: 1 }));
      const selectedMatch = matchHeadings(asTitles(selected), gold);
      // A turned-down candidate is worth rescuing only for an outline entry the parser's output missed.
      const rejectedMatch = matchHeadings(
        asTitles(rejected),
        gold.filter((_, k) => !evalMatch.goldMatched[k]),
      );
      const labelled = [
        ...selected.map((r, k) => ({ ...r, label: selectedMatch.predictedMatched[k] ? 1 : 0 })),
        ...rejected.map((r, k) => ({ ...r, label: rejectedMatch.predictedMatched[k] ? 1 : 0 })),
      ];
      const line = { doc: doc.name, matched: evalMatch.matched, predicted: evalMatch.predicted, gold: evalMatch.gold, rows: labelled };
      appendFileSync(out, `${JSON.stringify(line)}\n`);
      console.log(`${doc.name}: ${rows.length} rows, ${evalMatch.matched}/${evalMatch.predicted}/${evalMatch.gold}`);
    } catch (error) {
      console.log(`${doc.name}: ${(error as Error).message}`);
    } finally {
      collectHeadingTraining(null);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

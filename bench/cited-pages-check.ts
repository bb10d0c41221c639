import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { chunkArticle } from '@lectern/chunking';
import { pagesOfSpan } from '@lectern/common';
import { PdfjsParser } from '@lectern/parsing';
import { sentencesWithSpans } from '@lectern/retrieval';
import { TiktokenCounter } from '@lectern/text';
import { CORPUS_DIR } from '../test/support/paths';

/** Letters and digits only, lower-cased: how a sentence's opening is looked for in poppler's page text. */
const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/** A sentence is judged by its first 40 bare characters, found on exactly one page; shorter openings are skipped. */
const PROBE = 40;

/**
 * How often a quoted sentence's cited page is the page poppler (`pdftotext`, an independent reader) prints its opening
 * on: citing the context's page versus `pagesOfSpan` over the context's page starts. Every sentence of every context,
 * 512-token contexts. `node dist/bench/cited-pages-check.js [pdf …]` (default: the shared corpus PDFs).
 */
async function main(): Promise<void> {
  const pdfDir = path.join(CORPUS_DIR, 'pdf');
  const args = process.argv.slice(2);
  const files = args.length
    ? args
    : readdirSync(pdfDir)
        .filter((f) => f.endsWith('.pdf'))
        .map((f) => path.join(pdfDir, f));
  const counter = new TiktokenCounter();
  const n = {
    contexts: 0,
    crossing: 0,
    judged: 0,
    contextPage: 0,
    sentencePage: 0,
    judgedCrossing: 0,
    contextPageCrossing: 0,
    sentencePageCrossing: 0,
  };
  for (const file of files) {
    const article = await new PdfjsParser().parse(new Uint8Array(readFileSync(file)));
    // One pdftotext run; it ends each page with a form feed.
    const pages = execFileSync('pdftotext', ['-q', file, '-'], { maxBuffer: 1 << 28 })
      .toString()
      .split('\f')
      .slice(0, article.pageCount)
      .map(bare);
    for (const context of chunkArticle(article, { maxTokens: 512, counter }).sections.flatMap((s) => s.contexts)) {
      n.contexts++;
      const crossing = context.pageStarts !== undefined;
      if (crossing) n.crossing++;
      // The sentences answers quote, with their spans: the ones a citation names a page for.
      for (const { text: sentence, start, end } of sentencesWithSpans(context.text)) {
        const probe = bare(sentence).slice(0, PROBE);
        const on = pages.flatMap((text, i) => (probe.length === PROBE && text.includes(probe) ? [i + 1] : []));
        if (on.length !== 1) continue;
        const cited = pagesOfSpan(context.pageNumber, context.pageStarts, { start, end }).page;
        n.judged++;
        if (context.pageNumber === on[0]) n.contextPage++;
        if (cited === on[0]) n.sentencePage++;
        if (!crossing) continue;
        n.judgedCrossing++;
        if (context.pageNumber === on[0]) n.contextPageCrossing++;
        if (cited === on[0]) n.sentencePageCrossing++;
      }
    }
  }
  const share = (a: number, b: number) => (b ? (a / b).toFixed(4) : '–');
  console.log(`${files.length} PDFs, ${n.contexts} contexts, ${n.crossing} crossing a page break`);
  console.log(
    `cited page right, ${n.judged} sentences: context page ${share(n.contextPage, n.judged)}, sentence page ${share(n.sentencePage, n.judged)}`,
  );
  console.log(
    `  in crossing contexts, ${n.judgedCrossing} sentences: ${share(n.contextPageCrossing, n.judgedCrossing)} → ${share(n.sentencePageCrossing, n.judgedCrossing)}`,
  );
}

void main();

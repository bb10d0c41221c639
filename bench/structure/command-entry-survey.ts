import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { MONOSPACE_FONT, readPdfDocument, type PageText, type PdfBookmark, type TextLine } from '@lectern/parsing';
import { debianDocs, readBookmarkSet } from './bookmark-set';
import { REPO_ROOT } from '../../test/support/paths';
import { readManifest, SET6_MANIFEST_FILE } from './debian-set';
import { set6HeldOutFlags } from './eval-options';

/**
 * Survey for issue 17's command-description entries: how often reference manuals set a command, option or key at the
 * text's left edge (or out in the margin) in a monospace font with its description indented below it, and how many of
 * those entries the document's own outline lists. Reads only the dev parts of sets 2 and 6 (never their held-out
 * parts), the fresh manuals, or the PDFs named on the command line. Independent of the heading rules: it reads the
 * text lines pdf.js's runs are joined into, nothing the heading steps decide. A loose flag (index lines, code and
 * wrapped prose slip in: about 70% of a 69-entry hand sample were real entries), enough to count what outlines list.
 *
 *   node dist/bench/structure/command-entry-survey.js [--set 2,6,fresh] [file.pdf …]
 */

/**
 * Ten bookmarked manuals of this style from a package no eval set uses, picked by layout and by having an outline
 * before anything was measured on them (each entry says why); kept to validate a command-entry rule, never to tune one.
 */
export const FRESH_MANIFEST_FILE = path.join(REPO_ROOT, 'bench', 'structure', 'command-entry-fresh-pdfs.json');

export interface SurveyEntry {
  page: number;
  name: string;
  listed: boolean;
}

/** A control sequence (`\csdef`, `\protected@csedef`) or a key/option word leading a monospace line. */
const ENTRY_NAME = /^(\\[A-Za-z@]+|\\.|[A-Za-z][\w.:-]*)/;
/** Not an entry: an index or contents line (dot leaders, page lists), an l3doc date stamp, a numbered code line. */
const NOT_ENTRY = /(\.\s?){3}|\d+(,\s*\d+)+\s*$|^(updated|new):|^\d+\s/i;
const isMono = (l: TextLine) => MONOSPACE_FONT.test(l.runs[0]?.font ?? l.font);
const compact = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** The page's prose left edge: the most common x0 (to 1 pt) of its proportional-font lines. */
function proseLeft(page: PageText): number | null {
  const counts = new Map<number, number>();
  for (const l of page.lines) if (!isMono(l)) counts.set(Math.round(l.x0), (counts.get(Math.round(l.x0)) ?? 0) + 1);
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
  return best ? best[0] : null;
}

/** Entries on one page: a monospace name line at or left of the prose edge, a prose line indented below it. */
export function pageEntries(page: PageText): Array<{ name: string; line: TextLine }> {
  const left = proseLeft(page);
  if (left === null) return [];
  const lines = [...page.lines].sort((a, b) => b.y - a.y || a.x0 - b.x0);
  const out: Array<{ name: string; line: TextLine }> = [];
  lines.forEach((line, i) => {
    if (!isMono(line) || line.x0 > left + 2) return;
    const name = ENTRY_NAME.exec(line.text.trim())?.[1];
    if (!name || NOT_ENTRY.test(line.text.trim())) return;
    // Monospace syntax lines may follow (l3doc's boxes); the first prose line below must be indented past the name.
    let last = line;
    for (let j = i + 1; j < lines.length && j <= i + 4; j++) {
      const next = lines[j];
      if (last.y - next.y > 3 * line.size) return;
      if (isMono(next)) {
        if (next.x0 < line.x0 + 0.8 * line.size) return;
        last = next;
        continue;
      }
      if (next.x0 >= line.x0 + 0.8 * line.size) out.push({ name, line });
      return;
    }
  });
  return out;
}

/** Whether an outline entry on the same or the next page has exactly the entry's name as its title. */
const listedIn = (bookmarks: PdfBookmark[], page: number, name: string) =>
  bookmarks.some((b) => b.page !== null && b.page >= page - 1 && b.page <= page + 1 && compact(b.title) === compact(name));

export async function surveyPdf(file: string): Promise<{ entries: SurveyEntry[]; commandBookmarks: number; bookmarks: number }> {
  const { pages, bookmarks } = await readPdfDocument(readFileSync(file), { bookmarks: true });
  const entries = pages.flatMap((p) =>
    pageEntries(p).map((e) => ({ page: p.number, name: e.name, listed: listedIn(bookmarks, p.number, e.name) })),
  );
  return { entries, commandBookmarks: bookmarks.filter((b) => /^\\[A-Za-z@]/.test(b.title.trim())).length, bookmarks: bookmarks.length };
}

async function main() {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--set');
  const sets = at >= 0 ? argv[at + 1].split(',') : ['2', '6'];
  const files = argv.filter((a, i) => a.endsWith('.pdf') && argv[i - 1] !== '--set');
  const docs: Array<{ set: string; name: string; pdf: string }> = files.map((f) => ({ set: 'files', name: f, pdf: f }));
  if (files.length === 0) {
    if (sets.includes('2'))
      for (const d of await readBookmarkSet(() => undefined)) if (!d.heldOut) docs.push({ set: '2 dev', name: d.name, pdf: d.pdf });
    if (sets.includes('fresh'))
      for (const d of debianDocs(readManifest(FRESH_MANIFEST_FILE), (line) => console.error(line))) docs.push({ set: 'fresh', ...d });
    if (sets.includes('6')) {
      const manifest = readManifest(SET6_MANIFEST_FILE);
      const flags = set6HeldOutFlags(manifest.map((m) => m.package));
      const fetched = debianDocs(manifest, () => undefined);
      manifest.forEach((m, i) => {
        const doc = fetched.find((d) => d.name === `${m.package}:${m.file}`);
        if (doc && !flags[i]) docs.push({ set: '6 dev', ...doc });
      });
    }
  }
  const totals = new Map<string, { docs: number; withEntries: number; entries: number; listed: number; runDocs: number }>();
  console.log('| set | document | entries | listed in outline | `\\` bookmarks / all | names (first 4) |');
  console.log('| --- | --- | ---: | ---: | --- | --- |');
  for (const d of docs) {
    let r: Awaited<ReturnType<typeof surveyPdf>>;
    try {
      r = await surveyPdf(d.pdf);
    } catch (error) {
      console.log(`| ${d.set} | ${d.name} | failed: ${(error as Error).message.slice(0, 60)} |`);
      continue;
    }
    const t = totals.get(d.set) ?? { docs: 0, withEntries: 0, entries: 0, listed: 0, runDocs: 0 };
    t.docs++;
    const listed = r.entries.filter((e) => e.listed).length;
    if (r.entries.length > 0) t.withEntries++;
    if (r.entries.length >= 3) t.runDocs++;
    t.entries += r.entries.length;
    t.listed += listed;
    totals.set(d.set, t);
    if (r.entries.length > 0 || r.commandBookmarks > 0) {
      const short = d.name.replace(/^.*\//, '');
      const names = r.entries.slice(0, 4).map((e) => e.name.replace(/\|/g, '\\|'));
      console.log(
        `| ${d.set} | ${short} | ${r.entries.length} | ${listed} | ${r.commandBookmarks} / ${r.bookmarks} | ${names.join(' ')} |`,
      );
    }
  }
  for (const [set, t] of totals)
    console.log(
      `${set}: ${t.docs} docs, ${t.withEntries} with entries (${t.runDocs} with ≥ 3), ${t.entries} entries, ${t.listed} listed in their outline`,
    );
}

if (require.main === module) void main();

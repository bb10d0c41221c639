import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR } from '../../test/support/paths';
import { isUsableGold, readBookmarkGold } from './bookmark-gold';
import { fetchDebianSet, readManifest, type DebianPdf } from './debian-set';
import { isHeldOut } from './eval-options';

/** A bookmark-set document: its name in the eval's tables and the PDF whose outline is the gold. */
export interface BookmarkSetDoc {
  name: string;
  pdf: string;
  heldOut: boolean;
}

/** A Debian PDF's name, `package:file`, as every table and misses file names it. */
export const debianDocName = (d: { package: string; file: string }): string => `${d.package}:${d.file}`;

/** A manifest's fetched Debian PDFs, named by `debianDocName`. */
export function debianDocs(manifest: DebianPdf[], log: (line: string) => void): Array<{ name: string; pdf: string }> {
  return fetchDebianSet(manifest, log).map((d) => ({ name: debianDocName(d), pdf: d.path }));
}

/**
 * Set 2 in set order (the manifest's Debian PDFs, then the shared-corpus PDFs whose outline passes the same check),
 * each with its held-out flag. The eval and the heading-feature dump both read it here, so that the held-out fifth
 * can never drift between what is scored and what is trained on.
 */
export async function readBookmarkSet(log: (line: string) => void): Promise<BookmarkSetDoc[]> {
  const debian = debianDocs(readManifest(), log);
  const pdfDir = path.join(CORPUS_DIR, 'pdf');
  const corpusPdfs = [
    ...readdirSync(pdfDir).filter((f) => f.endsWith('.pdf')),
    ...readdirSync(path.join(pdfDir, 'extra')).map((f) => `extra/${f}`),
  ];
  const fromCorpus: Array<{ name: string; pdf: string }> = [];
  for (const file of corpusPdfs.sort()) {
    const pdf = path.join(pdfDir, file);
    if (isUsableGold(await readBookmarkGold(readFileSync(pdf)))) fromCorpus.push({ name: file, pdf });
  }
  log(`bookmark set: ${debian.length} Debian PDFs, ${fromCorpus.length} shared-corpus PDFs`);
  return [...debian, ...fromCorpus].map((d, i) => ({ ...d, heldOut: isHeldOut(i) }));
}

/** The outline entries that are gold: placed on a page, with a title (the eval scores them; the heading model learns them). */
export const placedBookmarks = <B extends { page: number | null; title: string }>(bookmarks: readonly B[]): B[] =>
  bookmarks.filter((b) => b.page !== null && b.title.trim() !== '');

import { debianDocName } from './bookmark-set';
import { CACHE_DIR, fetchDebianSet, FINAL_CHECK_MANIFEST_FILE, readManifest } from './debian-set';

/** A set-8 document: held out by construction (never printed by `--verbose`, no title of it in `error-anatomy`). */
export interface FinalCheckDoc {
  name: string;
  pdf: string;
  heldOut: true;
}

/** Set 8's rows in the table: the hidden-outline pass, then the outline-used pass (`8u`). */
export const FINAL_CHECK_HIDDEN = '8 final check, outline hidden';
export const FINAL_CHECK_USED = '8u final check, outline used';

/**
 * Set 8, the final check: the PDFs of the packages every other set leaves out (`EXCLUDED_PACKAGES`), fetched like
 * set 2 and scored against their hidden outline. `manifestFile` may name a stand-in manifest (a set-2 dev PDF) so that
 * the plumbing can be tried without opening the final check's files.
 */
export function finalCheckDocs(
  log: (line: string) => void,
  manifestFile = FINAL_CHECK_MANIFEST_FILE,
  cacheDir = CACHE_DIR,
): FinalCheckDoc[] {
  const fetched = fetchDebianSet(readManifest(manifestFile), log, cacheDir, { finalCheck: true });
  log(`final check: ${fetched.length} PDFs`);
  return fetched.map((d) => ({ name: debianDocName(d), pdf: d.path, heldOut: true }));
}

/** Lines under the table when it has set 8's rows. */
export const FINAL_CHECK_NOTES = [
  'Set 8 (not in "overall", run only with `--set 8` / `8u`): the final check — every PDF with ≥ 2 outline entries in the',
  'two packages kept out of every other set (r-doc-pdf, c++-annotations-pdf; bench/structure/final-check-pdfs.json),',
  'never looked at before this run; scored like set 2 with the outline hidden (8) and used (8u).',
];

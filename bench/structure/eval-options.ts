/**
 * Command-line options of `run-structure-eval`:
 * `--limit N` only the first N documents of each set (the table is then not written);
 * `--set 1,2` only these sets (`2` runs the hidden-outline pass; `2u` adds the outline-used pass; `4` the Unstructured tables; `5` the held-out front matter; `6` the held-out non-TeX bookmark set; `7` the Nougat tables;
 *   `all` every set a plain run has; `8` the final check with the outline hidden, `8u` adds its outline-used pass —
 *   set 8 runs only when named, and `--set all,8,8u` is the one run that writes its rows to bench/RESULTS.md);
 * `--final-manifest FILE` set 8 reads this manifest instead of final-check-pdfs.json (a stand-in, to try the plumbing
 *   without opening the final check's PDFs; the table is then not written);
 * `--only TEXT` only documents whose name contains TEXT;
 * `--split dev|holdout` in sets 2 and 6, only the tuning part or only the held-out part (set 2: every 5th document in
 *   set order; set 6: every 3rd package in manifest order, see `isSet6HeldOutPackage`);
 * `--misses FILE` writes each document's missed gold headings and unmatched predicted headings to FILE (JSON lines).
 * Any option but `--misses` leaves bench/RESULTS.md as it was.
 */
export interface EvalOptions {
  limit: number;
  sets: Set<string> | null;
  only: string | null;
  split: 'dev' | 'holdout' | null;
  misses: string | null;
  finalManifest: string | null;
}

export function readEvalOptions(argv: string[]): EvalOptions {
  const value = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? (argv[at + 1] ?? '') : null;
  };
  const split = value('--split');
  if (split !== null && split !== 'dev' && split !== 'holdout') throw new Error(`--split takes dev or holdout, not ${split}`);
  const sets = value('--set');
  return {
    limit: value('--limit') !== null ? Number(value('--limit')) : Infinity,
    sets: sets !== null ? new Set(sets.split(',').map((s) => s.trim())) : null,
    only: value('--only'),
    split,
    misses: value('--misses'),
    finalManifest: value('--final-manifest'),
  };
}

/** Sets a plain run leaves out: the final check (set 8) is run once, on purpose, never by default. */
const ONLY_WHEN_NAMED = new Set(['8', '8u']);

/** Whether the run includes `set`: a plain run (or `all`) has every set but set 8, which runs only when named. */
export const wantsSet = (o: EvalOptions, set: string): boolean =>
  o.sets === null ? !ONLY_WHEN_NAMED.has(set) : o.sets.has(set) || (o.sets.has('all') && !ONLY_WHEN_NAMED.has(set));

/** Whether the run covers everything, so that its table may replace the one in bench/RESULTS.md. */
export const isFullRun = (o: EvalOptions) =>
  !Number.isFinite(o.limit) && (o.sets === null || o.sets.has('all')) && o.only === null && o.split === null && o.finalManifest === null;

/** The held-out part of the bookmark set: every 5th document in set order (manifest order, then the corpus PDFs). */
export const isHeldOut = (index: number) => index % 5 === 4;

/**
 * The held-out part of set 6: every 3rd package in manifest order (its 3rd, 6th, 9th …), so that no package, and so
 * no producer's house style of one package, is in both parts; about two thirds of the packages are the dev part.
 */
export const isSet6HeldOutPackage = (packageIndex: number) => packageIndex % 3 === 2;

/** Each manifest entry's set-6 part, from the order in which its package first appears in the manifest. */
export function set6HeldOutFlags(packages: readonly string[]): boolean[] {
  const order = [...new Set(packages)];
  return packages.map((p) => isSet6HeldOutPackage(order.indexOf(p)));
}

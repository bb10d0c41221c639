/**
 * Command-line options of `run-structure-eval`:
 * `--limit N` only the first N documents of each set (the table is then not written);
 * `--set 1,2` only these sets (`2` runs the hidden-outline pass; `2u` adds the outline-used pass; `4` the Unstructured tables; `5` the held-out front matter; `6` the held-out non-TeX bookmark set; `7` the Nougat tables);
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
  };
}

/** Whether the run covers everything, so that its table may replace the one in bench/RESULTS.md. */
export const isFullRun = (o: EvalOptions) => !Number.isFinite(o.limit) && o.sets === null && o.only === null && o.split === null;

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

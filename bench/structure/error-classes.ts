/**
 * Classes of heading errors for `error-anatomy.ts`, read from a title (and, for a missed outline entry, the eval's
 * line-start flag) alone — no PDF, no parser. The classes are a diagnosis of what an error is, not rules the parser
 * could use: each regex names a kind of entry that outlines list in one manual and leave out in another.
 */

/** The bookmark-policy names: entries an outline lists or leaves out by its maker's habit, not by what is printed. */
export const POLICY_KINDS = ['contents', 'references', 'index', 'change history', 'index letter group', 'version-dated entry'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

export type ErrorClass = 'policy' | 'not line-start' | 'command entry' | 'rest';
export const ERROR_CLASSES: readonly ErrorClass[] = ['policy', 'not line-start', 'command entry', 'rest'];

/** A missed outline entry as `--misses` writes it (`startsLine` only for outline gold). */
export interface MissedEntry {
  title: string;
  startsLine?: boolean;
}

/** The title without a leading section number or chapter label, a trailing page number, and outer punctuation. */
export function bareTitle(title: string): string {
  return title
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^((chapter|section|part|appendix)\s+)?(\d+(\.\d+)*\.?|[IVX]+\.)\s+/i, '')
    .replace(/\s+\d{1,4}$/, '')
    .replace(/^[\s.:–]+|[\s.:]+$/g, '');
}

const CONTENTS =
  /^((table of )?contents|inhalt(sverzeichnis)?|table des mati[eè]res|[ií]ndice( general)?|sommario|inhoudsopgave|spis tre[sś]ci|目 ?[录錄次]|list of (figures|tables|listings|algorithms|examples))$/i;
const REFERENCES =
  /^(references?( and notes)?|bibliography|bibliographie|literatur(verzeichnis)?|literature( cited)?|works cited|r[ée]f[ée]rences( bibliographiques)?|referencias|bibliograf[ií]a|further reading)$/i;
const INDEX = /^((\p{L}+ ){0,2}index|index of .+|stichwortverzeichnis|register)$/iu;
const CHANGE_HISTORY =
  /^((change|revision|release|version|document) ?(history|log|notes)|history( of changes)?|changes?( log)?|changelog|what[’']?s new|news|modifications|änderungen)$/i;
const INDEX_LETTER_GROUP = /^(\p{Lu}|symbols?|numbers|numerics?|digits|non-?alphabetic(al)?|symbols and numbers)$/iu;
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
/** A date (2006/08/15, 2020-10-05, 2021 September 1, September 1, 2021) or a version label opening the title. */
const DATED = new RegExp(
  `\\b(1[89]|20)\\d\\d[/.-]\\d{1,2}([/.-]\\d{1,2})?\\b|\\b(1[89]|20)\\d\\d ${MONTH}( \\d{1,2})?\\b|\\b${MONTH} \\d{1,2},? (1[89]|20)\\d\\d\\b`,
  'i',
);
const VERSION_LABEL = /^\[?(v|version |release |rel\. ?)\d+(\.\d+)*[a-z]?\b/i;

/** Which bookmark-policy kind a title names, or null. A dated title counts only when short (a release label, not prose). */
export function policyKind(title: string): PolicyKind | null {
  const t = bareTitle(title);
  if (CONTENTS.test(t)) return 'contents';
  if (REFERENCES.test(t)) return 'references';
  if (INDEX.test(t)) return 'index';
  if (CHANGE_HISTORY.test(t)) return 'change history';
  if (INDEX_LETTER_GROUP.test(t)) return 'index letter group';
  if (VERSION_LABEL.test(t) || (DATED.test(t) && t.split(' ').length <= 6)) return 'version-dated entry';
  return null;
}

/**
 * A command-description entry's title: what a reference manual sets in monospace at the left edge with its description
 * indented below (`command-entry-survey.ts`), told here by the title's shape — a control sequence (`\csdef`), a
 * function with its arguments or arity (`ei_connect()`, `compile/1`, `DocIf(self, cond)`), a markup tag (`<em>`), an
 * option (`--out`), or a bare identifier no prose heading has (`erl_call`, `Prawn::Table`).
 */
export function isCommandEntryTitle(title: string): boolean {
  const t = bareTitle(title);
  return (
    /^\\([A-Za-z@]+|.)(\s*[[{(<].*)?$/.test(t) ||
    /^[A-Za-z_][\w.]*(::[\w.]+)*\(.*\)$/.test(t) ||
    /^[a-z_][\w]*\/\d+$/.test(t) ||
    /^<[\w*:-]+>( - .*)?$/.test(t) ||
    /^--?[A-Za-z][\w-]*(\s+\S+)?$/.test(t) ||
    /^[a-z][a-z\d]*(_[a-z\d]+)+$/.test(t) ||
    /^[A-Za-z]\w*(::\w+)+$/.test(t)
  );
}

/** The class of a missed outline entry: policy name, not printed as a line at its destination, command entry, the rest. */
export function classifyMissed(entry: MissedEntry): ErrorClass {
  if (policyKind(entry.title) !== null) return 'policy';
  if (entry.startsLine === false) return 'not line-start';
  if (isCommandEntryTitle(entry.title)) return 'command entry';
  return 'rest';
}

/** The class of an unmatched prediction ("not line-start" is a property of gold entries only). */
export function classifyFalse(title: string): ErrorClass {
  if (policyKind(title) !== null) return 'policy';
  if (isCommandEntryTitle(title)) return 'command entry';
  return 'rest';
}

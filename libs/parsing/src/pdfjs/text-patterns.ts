import { CJK_ABSTRACT_LABELS, CJK_CAPTION_LABELS, CJK_KNOWN_NAMES, CJK_REFERENCES_NAMES } from './cjk-section-names';
import { CJK_CHAR } from './cjk-text';

/** Regular expressions and small text predicates shared by the layout steps. */

export const CAPTION = new RegExp(
  String.raw`^(fig(ure)?s?\.?|table|tab\.|algorithm|listing|scheme|chart|plate|gr[aá]fico|cuadro|tabla|figura|abb\.|abbildung|tabelle|${CJK_CAPTION_LABELS})\s*[0-9IVX]+[a-z]?\b`,
  'i',
);

/** Italic or slanted font names: "Times-Italic", TeX's CMTI10/CMSL10, "-It", "_i" suffixes. */
export const ITALIC_FONT = /italic|oblique|-it\b|cmti|cmsl|[-_.]i$|ti\d/i;

export const REFERENCES_TITLE = new RegExp(
  String.raw`^(references?( and notes)?|bibliography|literature cited|works cited|cited literature|references cited|referencias( bibliogr[aá]ficas)?|bibliograf[ií]a|r[ée]f[ée]rences( bibliographiques)?|literatur(verzeichnis)?|refer[êe]ncias( bibliogr[aá]ficas)?|riferimenti bibliografici|${CJK_REFERENCES_NAMES})$`,
  'i',
);

/**
 * An abstract's label, alone or run in ("Abstract—We …", "摘要：本文 …"); group 2 is the text after it. A CJK label
 * ends at a space, a stop or the line's end, as `\b` never matches after a CJK letter.
 */
export const ABSTRACT_MARKER = new RegExp(
  String.raw`^((?:abstract|summary|r[ée]sum[ée]|resumen|resumo|zusammenfassung|a\s?b\s?s\s?t\s?r\s?a\s?c\s?t)\b|(?:${CJK_ABSTRACT_LABELS})(?=$|[\s:：.\u2014\u2013-]))\s*[:：.\u2014\u2013-]?\s*(.*)$`,
  'i',
);

/** A CJK abstract label (ABSTRACT_MARKER's group 1). */
export const CJK_ABSTRACT_LABEL = new RegExp(String.raw`^(?:${CJK_ABSTRACT_LABELS})$`);
/** A CJK abstract label run in with its text: followed by a colon or a dash ("摘要：本文…", "要旨 — …"). */
export const CJK_ABSTRACT_RUN_IN = new RegExp(String.raw`^(?:${CJK_ABSTRACT_LABELS})\s*[:：\u2014\u2013-]`);

/** Labels of a classification scheme's terms (ACM CCS, JEL codes) rather than the authors' own keywords. */
const CLASSIFICATION_LABELS = 'ccs concepts|jel classification|subject areas?';

export const KEYWORDS_MARKER = new RegExp(
  `^((additional )?key\\s?words?( and phrases)?|index terms|palabras clave|mots[- ]cl[ée]s|schl[üu]sselw[öo]rter|${CLASSIFICATION_LABELS})\\b`,
  'i',
);

export const CLASSIFICATION_MARKER = new RegExp(`^(${CLASSIFICATION_LABELS})\\b`, 'i');

/** Names of an article's opening section, its methods section and its results section (alternations, no anchors). */
export const INTRODUCTION_NAMES = 'introduction|background|introducci[oó]n';
export const METHODS_NAMES = 'methods?|methodology|materials and methods|methods and materials';
export const RESULTS_NAMES = 'results?( and discussion)?';

/** Section names common enough in papers that seeing one raises confidence in a heading. */
export const KNOWN_SECTION = new RegExp(
  `^(${INTRODUCTION_NAMES}|${METHODS_NAMES}|${RESULTS_NAMES}|related work|prior work|previous work|experiments?|` +
    `experimental (setup|results|design)|discussion|conclusions?( and future work)?|summary|acknowledge?ments?|appendix|` +
    `appendices|limitations|future work|evaluation|analysis|data|datasets?|approach|model|funding|competing interests|` +
    `conflicts? of interest|author contributions|authors' contributions|availability of data and materials|declarations|` +
    `ethics( approval.*)?|abbreviations|supplementary (material|information)|conclusiones|resultados|metodolog[ií]a|` +
    `discusi[oó]n|agradecimientos|preface|contents|index|${CJK_KNOWN_NAMES})$`,
  'i',
);

/** Copyright and licence words (an alternation, no anchors): first-page notes and title-block noise share them. */
export const COPYRIGHT_TERMS = '©|copyright|licen[cs]e|all rights reserved|open access';

export const letters = (text: string): number => (text.match(/\p{L}/gu) ?? []).length;

export const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** True when the letters are capitals (`MATERIALS AND METHODS`, `III. RESULTS`). */
export function isAllCaps(text: string): boolean {
  const all = text.match(/\p{L}/gu) ?? [];
  if (all.length < 3) return false;
  const upper = all.filter((c) => c === c.toUpperCase() && c !== c.toLowerCase()).length;
  return upper / all.length > 0.9;
}

/** `R E S E A R C H`, `M P R A`: logos and letter-spaced labels, never a title or heading (a Han character is a word: "第 1 节"). */
export const isLetterSpaced = (text: string): boolean =>
  /^(\S\s){2,}\S?(\s.*)?$/.test(text) && words(text).filter((w) => w.length === 1 && !CJK_CHAR.test(w)).length >= 3;

export const normalizeSpaces = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Lower-cased, spaces collapsed: how a line is compared with its repeats (running heads, labels). */
export const lineKey = (text: string): string => normalizeSpaces(text).toLowerCase();

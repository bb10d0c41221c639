import { halfWidthDigits, parseCjkNumbering } from './cjk-numbering';

export interface Numbering {
  /** `2.1`, `III`, `A.2`, or null when the heading has none. */
  number: string | null;
  title: string;
  kind: 'arabic' | 'roman' | 'letter' | 'chapter' | 'appendix' | 'none';
  /** Set when the number is printed in a CJK style ("第一章", "一、", "（一）"), which the line scorer never saw. */
  cjk?: true;
}

/** A section number's components below the top one: up to three, each up to three digits ("9.1.113"). */
export const SUB_NUMBERS = String.raw`(?:\.\d{1,3}){0,3}`;
// The top component has at most two digits (a year or a count is not a section).
const ARABIC = new RegExp(String.raw`^(\d{1,2}${SUB_NUMBERS})(\.?)\s+(\S.*)$`);
// A sub-section title may open with a figure ("5.2 180° out of phase sine waves") when words follow it; a row of
// figures ("2.1 3.4 5") is no title.
const DIGIT_LED_TITLE = /^\d[\d.,]*\S*\s+\p{L}{2,}\s+\p{L}/u;
const ROMAN = /^([IVX]{1,5})\.\s+(\S.*)$/;
// AAPM's REVTeX prints the whole path: "II.A. Multiline equations", "I.A.1. Third-level heading".
const ROMAN_PATH = /^([IVX]{1,5}\.[A-H](?:\.\d{1,2})?)\.?\s+(\S.*)$/;
const LETTER = /^([A-H])((?:\.\d{1,2}){0,2})([.:]?)\s+(\S.*)$/;
const CHAPTER = /^(chapter|cap[ií]tulo|chapitre|kapitel|part)\s+(\d{1,3}|[IVXL]{1,6})\b\s*[.:]?\s*(.*)$/i;
const APPENDIX = /^(appendix|anexo|ap[ée]ndice|annexe|anhang)\s+([A-Z]|\d{1,2})\b\s*[.:]?\s*(.*)$/i;

/**
 * Splits a heading line into the paper's own number and the title. A bare capital letter (`A Study of…`)
 * counts as a number only with a dot or sub-number (`A.`, `A.1`), or in the appendix where `A Proofs` is usual.
 */
export function parseNumbering(printed: string, inAppendix: boolean): Numbering {
  // A section sign before the number ("§1.1 Scope", CJK templates) is part of the numbering, not of the title.
  const text = halfWidthDigits(printed).replace(/^§\s*(?=\d)/, '');
  const cjk = parseCjkNumbering(text);
  if (cjk) return cjk;
  let m = CHAPTER.exec(text);
  if (m) return { number: m[2], title: m[3].trim(), kind: 'chapter' };
  m = APPENDIX.exec(text);
  if (m) return { number: m[2], title: m[3].trim() || `${m[1]} ${m[2]}`, kind: 'appendix' };
  m = ARABIC.exec(text);
  if (m && (!/^\d/.test(m[3]) || (m[1].includes('.') && DIGIT_LED_TITLE.test(m[3]))))
    return { number: m[1], title: m[3].trim(), kind: 'arabic' };
  m = ROMAN_PATH.exec(text);
  if (m && /^[\p{Lu}\d]/u.test(m[2])) return { number: m[1], title: m[2].trim(), kind: 'letter' };
  m = ROMAN.exec(text);
  if (m) return { number: m[1], title: m[2].trim(), kind: 'roman' };
  m = LETTER.exec(text);
  if (m && (m[2] || m[3] || inAppendix) && /^[\p{Lu}\d]/u.test(m[4])) return { number: m[1] + m[2], title: m[4].trim(), kind: 'letter' };
  return { number: null, title: printed, kind: 'none' };
}

/** `2.1` → 2, `III` → 1, `A.1` → 2. */
export function numberDepth(numbering: Numbering): number {
  if (!numbering.number || numbering.kind === 'roman' || numbering.kind === 'chapter' || numbering.kind === 'appendix') return 1;
  return numbering.number.split('.').length;
}

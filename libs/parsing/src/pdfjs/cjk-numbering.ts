import { HAN_KANA } from '@lectern/common';
import { CJK_APPENDIX_NAMES, CJK_ORDINAL_UNITS, KOREAN_ORDINAL_UNITS } from './cjk-section-names';
import type { Numbering } from './heading-numbering';

const DIGITS: Record<string, number> = { 〇: 0, 零: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const NUMERAL = '[一二三四五六七八九十〇零两百]{1,4}';
const NUMERAL_ONLY = new RegExp(`^${NUMERAL}$`);
const ROMAN_LETTERS = 'IVXⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩⅪⅫ';

/** "十二" → 12, "二十三" → 23, "一百零五" → 105; null for anything else. */
export function cjkNumeralValue(numeral: string): number | null {
  if (!NUMERAL_ONLY.test(numeral)) return null;
  let total = 0;
  let digit = 0;
  for (const ch of numeral) {
    if (ch === '百' || ch === '十') {
      total += (digit || 1) * (ch === '百' ? 100 : 10);
      digit = 0;
    } else digit = DIGITS[ch];
  }
  return total + digit;
}

/** Full-width digits and the full-width stop between them as ASCII ("１．２" → "1.2"), so numbers parse alike. */
export const halfWidthDigits = (text: string): string =>
  text.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/(?<=\d)．(?=\d)/g, '.');

const ONES = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX'];
const toRoman = (n: number): string => 'X'.repeat(Math.floor(n / 10)) + ONES[n % 10];

/** The number of a "第…章" label as printed in digits, Chinese numerals or roman numerals, as arabic or roman text. */
function labelNumber(raw: string): string | null {
  if (/^\d{1,3}$/.test(raw)) return raw;
  const value = cjkNumeralValue(raw);
  if (value !== null) return value > 0 ? String(value) : null;
  // NFKC spells the roman-numeral glyphs out: "Ⅻ" → "XII".
  const roman = raw.normalize('NFKC');
  return /^[IVX]{1,6}$/.test(roman) ? roman : null;
}

// "第一章 绪论", "第 2 节 安装", "第II部", Japanese "第3節", Korean "제 1 장".
const ORDINAL_LABEL = new RegExp(
  String.raw`^(?:第\s*(\d{1,3}|${NUMERAL}|[${ROMAN_LETTERS}]{1,4})\s*[${CJK_ORDINAL_UNITS}]|제\s*(\d{1,3})\s*[${KOREAN_ORDINAL_UNITS}])\s*(.*)$`,
);
// "附录 A 公式", "付録 B", "부록 C." — an appendix.
const APPENDIX_LABEL = new RegExp(String.raw`^(?:${CJK_APPENDIX_NAMES})\s*([A-Z]|\d{1,2})(?![\p{L}\d])[.:：．]?\s*(.*)$`, 'u');
// "一、引言", "二．方法": the top level of Chinese numbering.
const ENUMERATED = new RegExp(String.raw`^(${NUMERAL})\s*[、．.]\s*(\S.*)$`);
// "（一）研究背景": the level below it.
const PARENTHESISED = new RegExp(String.raw`^[（(]\s*(${NUMERAL})\s*[）)]\s*(\S.*)$`);
// "6．图表的规定", "2、方法": the level below "（一）", with a full-width stop or an enumeration comma.
const DIGIT_ENUMERATED = new RegExp(String.raw`^(\d{1,2})[．、]\s*(?=[${HAN_KANA}])(.+)$`, 'u');
// "1.1标题" with no space before a Han or kana title (digits alone would take "12月" for a number).
const UNSPACED = new RegExp(String.raw`^(\d{1,2}(?:\.\d{1,3}){1,3})\.?(?=[${HAN_KANA}])(.+)$`, 'u');

/**
 * CJK heading numbers, read as the numbering kinds the heading detector already levels: a "第…章" label is a
 * chapter, "一、" a roman-numbered top section, "（一）" a lettered one below it ("I.A") and "1．" one more below
 * ("I.A.1", as REVTeX numbers restart under a letter), an "附录 A" an appendix.
 * Null when the text carries no CJK number.
 */
export function parseCjkNumbering(text: string): Numbering | null {
  const numbering = readCjkNumber(text);
  return numbering && { ...numbering, cjk: true };
}

function readCjkNumber(text: string): Numbering | null {
  let m = ORDINAL_LABEL.exec(text);
  if (m) {
    const number = labelNumber(m[1] ?? m[2]);
    if (number) return { number, title: m[3].trim(), kind: 'chapter' };
  }
  m = APPENDIX_LABEL.exec(text);
  if (m) return { number: m[1], title: m[2].trim() || text, kind: 'appendix' };
  m = ENUMERATED.exec(text);
  const enumerated = m ? cjkNumeralValue(m[1]) : null;
  if (m && enumerated && enumerated <= 39) return { number: toRoman(enumerated), title: m[2].trim(), kind: 'roman' };
  m = PARENTHESISED.exec(text);
  const parenthesised = m ? cjkNumeralValue(m[1]) : null;
  if (m && parenthesised && parenthesised <= 26) {
    return { number: String.fromCharCode(64 + parenthesised), title: m[2].trim(), kind: 'letter' };
  }
  m = DIGIT_ENUMERATED.exec(text);
  if (m) return { number: m[1], title: m[2].trim(), kind: 'arabic' };
  m = UNSPACED.exec(text);
  if (m) return { number: m[1], title: m[2].trim(), kind: 'arabic' };
  return null;
}

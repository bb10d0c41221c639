import { assertPageItemsWithinLimit, DEFAULT_PARSE_LIMITS, type ParseLimits } from '../parse-limits';
import { describeFont, FontInfo } from './font-names';
import { glyphRepairs, repairGlyphs, type PdfjsFontData } from './glyph-repairs';
import type { TextRun } from './layout.types';
import type { PdfjsPage, PdfjsTextItem } from './pdfjs.types';
import { composeNegations, NEGATION_SLASH } from './symbol-glyphs';
import { ITALIC_FONT } from './text-patterns';

export interface RawPage {
  width: number;
  height: number;
  runs: TextRun[];
  sideText: string[];
}

/** Text whose matrix is rotated or skewed more than this is not part of the horizontal flow. */
const MAX_SKEW = 0.1;
/**
 * A matrix that only slants the vertical axis (b ≈ 0, c ≠ 0) is an oblique drawn from an upright font: Quartz, Word
 * and browsers fake italic that way (tan 12°–20°). Up to tan 30° it is body text, not a rotated label.
 */
const MAX_OBLIQUE = 0.58;
/**
 * A run mirrored left to right (a < 0, upright otherwise) this short is a logo's letter — XeTeX's reversed E — drawn
 * leftward from its origin; longer mirrored text is decoration and stays aside.
 */
const MAX_MIRRORED_CHARS = 3;

/**
 * Reads one page's text runs. Font names (hence bold) live in `commonObjs`, which pdf.js fills only while
 * building an operator list; that is asked for only when a page uses a font not seen on earlier pages,
 * and with images capped to 1 pixel (see the parser) it costs about as much as the text itself.
 */
export async function readPageRuns(
  page: PdfjsPage,
  fonts: Map<string, FontInfo>,
  annotationModeDisable: number,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
  pageNumber = 0,
): Promise<RawPage> {
  const [vx0, vy0, vx1, vy1] = page.view;
  const content = await page.getTextContent();
  // Counted once read: pdf.js 3.11 cannot stop a text stream cleanly; the content cap bounds what it can cost.
  assertPageItemsWithinLimit(pageNumber, content.items.length, limits);
  const items = content.items.filter((item): item is PdfjsTextItem => 'str' in item && item.str.length > 0);
  if (items.some((item) => !fonts.has(item.fontName))) {
    if (items.some((item) => !page.commonObjs.has(item.fontName))) {
      await page.getOperatorList({ annotationMode: annotationModeDisable });
    }
    for (const item of items) if (!fonts.has(item.fontName)) fonts.set(item.fontName, resolveFont(page, item.fontName));
  }
  const runs: TextRun[] = [];
  const sideText: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const [a, b, c, d, e, f] = item.transform;
    const oblique = isOblique(item.transform);
    // An oblique's height is its vertical scale, not the slanted axis's length (which would read as a larger size).
    const size = oblique ? Math.abs(a * d - b * c) / Math.hypot(a, b) : Math.hypot(c, d);
    if (size < 1) continue;
    const vertical = content.styles[item.fontName]?.vertical === true;
    const mirrored = isShortMirror(item);
    if (vertical || (a <= 0 && !mirrored) || Math.abs(b) > MAX_SKEW * Math.abs(a) || (Math.abs(c) > MAX_SKEW * Math.abs(d) && !oblique)) {
      if (item.str.trim()) sideText.push(item.str);
      continue;
    }
    // A mirrored glyph runs leftward from its origin; pdf.js puts a space where its advance turns back.
    const x = e - vx0 - (mirrored ? Math.max(item.width, 0) : 0);
    const y = f - vy0;
    const text = mirrored ? item.str.replace(/\s+/g, '') : item.str;
    if (!text) continue;
    // Some producers fake bold by drawing the same text twice, a fraction of a point apart.
    const key = `${text}|${Math.round(x)}|${Math.round(y)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const font = fonts.get(item.fontName) ?? describeFont(item.fontName);
    runs.push({
      text: repairGlyphs(text, font.repairs),
      x,
      x1: x + Math.max(item.width, 0),
      y,
      size,
      font: oblique && !ITALIC_FONT.test(font.name) ? `${font.name}-Oblique` : font.name,
      bold: font.bold,
    });
  }
  return { width: vx1 - vx0, height: vy1 - vy0, runs: overprintNegations(runs), sideText };
}

/** A horizontally mirrored matrix (a < 0, b ≈ c ≈ 0, d > 0) over a few characters. */
function isShortMirror({ transform: [a, b, c, d], str }: PdfjsTextItem): boolean {
  return (
    a < 0 && d > 0 && Math.abs(b) <= MAX_SKEW * -a && Math.abs(c) <= MAX_SKEW * d && str.replace(/\s+/g, '').length <= MAX_MIRRORED_CHARS
  );
}

/**
 * TeX's \not is a zero-width slash in one font overprinted on a relation in another, so the two are separate runs:
 * the slash is composed with the first character of the run that starts under it on its baseline (`=` → `≠`), or
 * read "/" when nothing is drawn there.
 */
export function overprintNegations(runs: TextRun[]): TextRun[] {
  if (!runs.some((run) => run.text.endsWith(NEGATION_SLASH))) return runs;
  const kept: TextRun[] = [];
  for (const run of runs) {
    if (!run.text.endsWith(NEGATION_SLASH)) {
      kept.push(run);
      continue;
    }
    const near = run.size * 0.3;
    const under = runs.find(
      (other) =>
        other !== run &&
        /^\S/u.test(other.text) &&
        Math.abs(other.y - run.y) <= near &&
        other.x >= run.x - near &&
        other.x <= run.x1 + near,
    );
    if (under) under.text = composeNegations(`${NEGATION_SLASH}${under.text}`);
    const rest = run.text.slice(0, -1);
    const own = under ? rest : `${rest}/`;
    if (own.trim()) kept.push({ ...run, text: own });
  }
  return kept;
}

/** Upright horizontal axis, vertical axis slanted within `MAX_OBLIQUE`, and slanted more than rounding. */
export function isOblique([a, b, c, d]: number[]): boolean {
  return a > 0 && d > 0 && Math.abs(b) <= MAX_SKEW * a && Math.abs(c) > MAX_SKEW * d && Math.abs(c) <= MAX_OBLIQUE * d;
}

function resolveFont(page: PdfjsPage, id: string): FontInfo {
  if (!page.commonObjs.has(id)) return { name: id, bold: false };
  const font = page.commonObjs.get(id) as ({ name?: unknown } & PdfjsFontData) | null;
  const repairs = glyphRepairs(font);
  return { ...describeFont(typeof font?.name === 'string' ? font.name : id), ...(repairs.size ? { repairs } : {}) };
}

import { MONOSPACE_FONT, type BodyStyle } from './body-style';
import { SMALL_CAPS_FONT, type HeadingCandidate } from './heading-candidates';
import { numberDepth } from './heading-numbering';
import { isBold, type FlowLine } from './layout.types';
import { titleWordCount } from './cjk-text';
import { ITALIC_FONT, KNOWN_SECTION, letters, lineKey, words } from './text-patterns';

/** Names of the features `headingFeatures` returns, in order (the scorer's weights follow this order). */
export const HEADING_FEATURES = [
  'sizeRatio',
  'larger',
  'bold',
  'italic',
  'mono',
  'caps',
  'smallCapsFont',
  'headingFont',
  'arabic',
  'roman',
  'letter',
  'chapter',
  'appendix',
  'depth',
  'known',
  'words',
  'oneWord',
  'endsStop',
  'endsColon',
  'extraLines',
  'gapAbove',
  'gapBelow',
  'firstInColumn',
  'pageTop',
  'pageBottom',
  'relY',
  'centred',
  'indent',
  'widthShare',
  'repeats',
  'fontShare',
  'styleShare',
  'stylePerPage',
  'nextBody',
  'nextSameStyle',
  'startsLower',
  'lowerWords',
  'trailingNumber',
  'digitShare',
  'symbolShare',
  'onPage',
  'numberedPaper',
  'advances',
  'repeatsNumber',
  'topRepeats',
] as const;

export type HeadingFeatureName = (typeof HEADING_FEATURES)[number];

const clip = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** Document-wide counts the per-candidate features are relative to; computed once per detection. */
export interface FeatureContext {
  body: BodyStyle;
  headingFonts: Set<string>;
  pages: number;
  lineCounts: Map<string, number>;
  fontChars: Map<string, number>;
  totalChars: number;
  pageTop: Map<number, number>;
  pageBottom: Map<number, number>;
  styleCounts: Map<string, number>;
  pageCounts: Map<number, number>;
  candidates: number;
  numberedPaper: boolean;
  /** Per candidate (by start line): whether its number continues the numbered candidates before it, and whether an earlier one had it. */
  sequence: Map<number, { advances: boolean; repeats: boolean }>;
  /** How many pages open with each line text (digits left out): running heads. */
  pageTops: Map<string, number>;
}

const styleKey = (c: HeadingCandidate) => `${Math.round(c.size * 2) / 2}|${c.bold}|${c.caps}|${c.font}`;

export function featureContext(
  flow: FlowLine[],
  candidates: HeadingCandidate[],
  body: BodyStyle,
  headingFonts: Set<string>,
): FeatureContext {
  const lineCounts = new Map<string, number>();
  const fontChars = new Map<string, number>();
  const pageTop = new Map<number, number>();
  const pageBottom = new Map<number, number>();
  const pageTops = new Map<string, number>();
  let totalChars = 0;
  for (const [k, l] of flow.entries()) {
    const key = lineKey(l.text);
    lineCounts.set(key, (lineCounts.get(key) ?? 0) + 1);
    if (k === 0 || flow[k - 1].page !== l.page) {
      const top = undigited(key);
      pageTops.set(top, (pageTops.get(top) ?? 0) + 1);
    }
    fontChars.set(l.font, (fontChars.get(l.font) ?? 0) + l.text.length);
    totalChars += l.text.length;
    pageTop.set(l.page, Math.max(pageTop.get(l.page) ?? -Infinity, l.y));
    pageBottom.set(l.page, Math.min(pageBottom.get(l.page) ?? Infinity, l.y));
  }
  const styleCounts = new Map<string, number>();
  const pageCounts = new Map<number, number>();
  for (const c of candidates) {
    styleCounts.set(styleKey(c), (styleCounts.get(styleKey(c)) ?? 0) + 1);
    pageCounts.set(flow[c.start].page, (pageCounts.get(flow[c.start].page) ?? 0) + 1);
  }
  const numbered = candidates.filter((c) => c.strength >= 1 && (c.numbering.kind === 'arabic' || c.numbering.kind === 'roman')).length;
  return {
    body,
    headingFonts,
    pages: Math.max(1, pageTop.size),
    lineCounts,
    fontChars,
    totalChars: Math.max(1, totalChars),
    pageTop,
    pageBottom,
    styleCounts,
    pageCounts,
    candidates: Math.max(1, candidates.length),
    numberedPaper: numbered >= 2,
    sequence: numberSequence(candidates),
    pageTops,
  };
}

/** A line key without its digits: a running head's page number left out. */
const undigited = (key: string) => key.replace(/[\d.]+/g, '').trim();

/** "2.1" after "2", "2.2" after "2.1.3", "3" after "2.4": the next number of an outline. */
function isSuccessor(prev: number[] | null, next: number[]): boolean {
  if (!prev) return next.every((n) => n <= 1);
  const depth = next.length;
  if (depth > prev.length + 1 || !next.slice(0, depth - 1).every((n, k) => n === prev[k])) return false;
  return next[depth - 1] === (depth === prev.length + 1 ? 1 : prev[depth - 1] + 1);
}

function numberSequence(candidates: HeadingCandidate[]): Map<number, { advances: boolean; repeats: boolean }> {
  const out = new Map<number, { advances: boolean; repeats: boolean }>();
  const seen = new Set<string>();
  let prev: number[] | null = null;
  for (const c of candidates) {
    if (c.numbering.kind !== 'arabic' || !c.numbering.number) continue;
    const parts = c.numbering.number.split('.').map(Number);
    out.set(c.start, { advances: isSuccessor(prev, parts), repeats: seen.has(c.numbering.number) });
    seen.add(c.numbering.number);
    prev = parts;
  }
  return out;
}

/** One candidate heading as numbers: its style, shape, spacing, place on the page and how common its style is. */
export function headingFeatures(flow: FlowLine[], c: HeadingCandidate, fx: FeatureContext): number[] {
  const line = flow[c.start];
  const last = flow[c.end - 1];
  const prev = flow[c.start - 1];
  const next = flow[c.end];
  const key = lineKey(line.text);
  const title = c.numbering.title;
  const count = titleWordCount(title);
  const kind = c.numbering.kind;
  const samePage = (l: FlowLine | undefined) => !!l && l.page === line.page;
  const gapAbove = samePage(prev) && !line.columnStart ? clip((prev.y - line.y) / line.size, 0, 6) : 6;
  const gapBelow = samePage(next) && !next.columnStart ? clip((last.y - next.y) / line.size, 0, 6) : 6;
  const top = fx.pageTop.get(line.page) ?? line.y;
  const bottom = fx.pageBottom.get(line.page) ?? line.y;
  const colWidth = Math.max(1, line.columnRight - line.columnLeft);
  const mid = (line.x0 + line.x1) / 2;
  const colMid = (line.columnLeft + line.columnRight) / 2;
  const width = line.x1 - line.x0;
  const compact = title.replace(/\s/g, '');
  const wordList = words(title);
  const nextBody =
    !!next && Math.abs(next.size - fx.body.size) <= 0.3 && next.font === fx.body.font && !isBold(next) && titleWordCount(next.text) >= 6;
  const nextSameStyle = !!next && Math.abs(next.size - line.size) <= 0.3 && next.font === line.font && isBold(next) === c.bold;
  const feature: Record<HeadingFeatureName, number> = {
    sizeRatio: clip(c.size / fx.body.size, 0.5, 3),
    larger: c.strength === 2 ? 1 : 0,
    bold: c.bold ? 1 : 0,
    italic: ITALIC_FONT.test(c.font) ? 1 : 0,
    mono: MONOSPACE_FONT.test(c.font) ? 1 : 0,
    caps: c.caps ? 1 : 0,
    smallCapsFont: SMALL_CAPS_FONT.test(c.font) || line.smallCaps ? 1 : 0,
    headingFont: fx.headingFonts.has(c.font) ? 1 : 0,
    arabic: kind === 'arabic' ? 1 : 0,
    roman: kind === 'roman' ? 1 : 0,
    letter: kind === 'letter' ? 1 : 0,
    chapter: kind === 'chapter' ? 1 : 0,
    appendix: kind === 'appendix' ? 1 : 0,
    depth: kind === 'none' ? 0 : numberDepth(c.numbering),
    known: c.known || KNOWN_SECTION.test(title) ? 1 : 0,
    words: clip(count, 0, 20) / 10,
    oneWord: count === 1 ? 1 : 0,
    endsStop: /[.。]$/.test(title) ? 1 : 0,
    endsColon: /[:：]$/.test(title) ? 1 : 0,
    extraLines: c.end - c.start - 1,
    gapAbove,
    gapBelow,
    firstInColumn: line.columnStart ? 1 : 0,
    pageTop: line.y >= top - 0.5 ? 1 : 0,
    pageBottom: last.y <= bottom + 0.5 ? 1 : 0,
    relY: top > bottom ? (line.y - bottom) / (top - bottom) : 0.5,
    centred: Math.abs(mid - colMid) < 0.05 * colWidth && width < 0.8 * colWidth && line.x0 - line.columnLeft > 2 * line.size ? 1 : 0,
    indent: clip((line.x0 - line.columnLeft) / line.size, 0, 10) / 5,
    widthShare: clip(width / colWidth, 0, 1),
    repeats: Math.log1p((fx.lineCounts.get(key) ?? 1) - 1),
    fontShare: (fx.fontChars.get(line.font) ?? 0) / fx.totalChars,
    styleShare: (fx.styleCounts.get(styleKey(c)) ?? 1) / fx.candidates,
    stylePerPage: clip((fx.styleCounts.get(styleKey(c)) ?? 1) / fx.pages, 0, 5),
    nextBody: nextBody ? 1 : 0,
    nextSameStyle: nextSameStyle ? 1 : 0,
    startsLower: /^\p{Ll}/u.test(title) ? 1 : 0,
    lowerWords: wordList.length ? wordList.filter((w) => /^\p{Ll}/u.test(w)).length / wordList.length : 0,
    trailingNumber: /\s\d+$/.test(title) ? 1 : 0,
    digitShare: compact.length ? (compact.match(/\d/g) ?? []).length / compact.length : 0,
    symbolShare: compact.length ? (compact.length - letters(compact) - (compact.match(/\d/g) ?? []).length) / compact.length : 0,
    onPage: Math.log1p((fx.pageCounts.get(line.page) ?? 1) - 1),
    numberedPaper: fx.numberedPaper ? 1 : 0,
    advances: fx.sequence.get(c.start)?.advances ? 1 : 0,
    repeatsNumber: fx.sequence.get(c.start)?.repeats ? 1 : 0,
    topRepeats: Math.log1p(
      Math.max(0, (fx.pageTops.get(undigited(key)) ?? 0) - (line.columnStart && (!prev || prev.page !== line.page) ? 1 : 0)),
    ),
  };
  return HEADING_FEATURES.map((name) => feature[name]);
}

import type { Heading } from './heading-detector';
import type { FlowLine, TextRun } from './layout.types';
import { joinLine } from './line-joiner';
import { joinRuns } from './table-rows';
import { CAPTION, ITALIC_FONT, REFERENCES_TITLE } from './text-patterns';

/** A run-in style counts as sub-headings only when the document uses it this often. */
const MIN_RUN_INS = 3;
const MAX_LEAD_WORDS = 14;
/**
 * Paragraph leads that open a statement or a list item, never a sub-section; numbered captions are `CAPTION`'s. The
 * caption words stay here too for supplementary labels ("Table S1."), which `CAPTION`'s number does not match.
 */
const NOT_A_SECTION =
  /^(theorem|lemma|proof|definition|corollary|proposition|remark|example|note|notes|step|case|claim|fig|figure|table|algorithm|equation|eq|source|keywords?|abbreviations?)\b/i;
/** A reference entry's bold authors ("Baumeister, R. F., … and Vohs, K. D", "Johansson, L. et al"), not a title. */
const AUTHOR_LIST = /\p{Lu}[\p{L}'’-]+,\s*\p{Lu}\.|\bet al$|\s\p{Lu}$/u;
/** The text after the lead opens a sentence: a capital, a figure, or a word like "qPCR" or "pH". */
const SENTENCE_START = /^(\p{Lu}|\d|\(|\p{Ll}+\p{Lu})/u;

/** The layout's parts that hold flow indexes: every one is moved when a line is split in two. */
export interface IndexedLayout {
  flow: FlowLine[];
  headings: Heading[];
  front: { bodyStart: number; abstract: { start: number; end: number; inlineText: string } | null };
  tables: { start: number; end: number }[];
  toc: { start: number; end: number; lines: number[] } | null;
}

interface RunIn {
  /** Flow index of the line where the lead ends (the lead may start on the line before). */
  at: number;
  twoLines: boolean;
  /** The lead's part of a line that is split (when `rest` is set). */
  head?: FlowLine;
  /** Null when the lead fills its line exactly: the paragraph goes on on the next line, nothing is split. */
  rest: FlowLine | null;
  title: string;
  style: string;
  level: number;
}

/**
 * Journals that set their sections apart ("MATERIALS AND METHODS") often run the sub-sections into their first
 * paragraph in bold or italic ("Bacterial strains. Cells were grown …"). Such a lead, at a paragraph start inside a
 * headed section, becomes a sub-heading one level below that section when the document sets at least three leads
 * in the same font, most of them phrases, and numbers none of its headings: a lone bold word ("Survey."), a few
 * one-word labels, or a numbered paper's paragraph labels stay text. Lines are split so the paragraph keeps its own text;
 * every flow index of the layout is moved to match.
 */
export function addRunInSubheadings<L extends IndexedLayout>(layout: L): L {
  // A document that numbers its sections numbers the sub-sections it means; its run-in leads are paragraph labels
  // (LaTeX's \paragraph), below the outline.
  if (layout.headings.some((h) => h.number)) return layout;
  const found = findRunIns(layout);
  const styles = new Map<string, { leads: number; phrases: number }>();
  for (const r of found) {
    const style = styles.get(r.style) ?? { leads: 0, phrases: 0 };
    style.leads++;
    if (/\s/.test(r.title)) style.phrases++;
    styles.set(r.style, style);
  }
  // One-word leads alone ("Survey.", "Rainfall.") read as paragraph labels; sub-section titles are mostly phrases.
  const qualifies = (style: string) => {
    const counts = styles.get(style);
    return !!counts && counts.leads >= MIN_RUN_INS && counts.phrases > counts.leads / 2;
  };
  const runIns = found.filter((r) => qualifies(r.style));
  if (runIns.length === 0) return layout;

  const flow: FlowLine[] = [];
  const moved: number[] = [];
  const byLine = new Map(runIns.map((r) => [r.at, r]));
  layout.flow.forEach((line, i) => {
    moved[i] = flow.length;
    const rest = byLine.get(i)?.rest;
    if (rest) flow.push(byLine.get(i)?.head ?? line, rest);
    else flow.push(line);
  });
  moved[layout.flow.length] = flow.length;
  const map = (i: number) => moved[i];
  const added: Heading[] = runIns.map((r) => ({
    start: map(r.at) - (r.twoLines ? 1 : 0),
    end: map(r.at) + 1,
    number: null,
    title: r.title,
    level: r.level,
    references: false,
  }));
  const headings = [...layout.headings.map((h) => ({ ...h, start: map(h.start), end: map(h.end) })), ...added].sort(
    (a, b) => a.start - b.start,
  );
  const abstract = layout.front.abstract;
  return {
    ...layout,
    flow,
    headings,
    front: {
      ...layout.front,
      bodyStart: map(layout.front.bodyStart),
      abstract: abstract && { ...abstract, start: map(abstract.start), end: map(abstract.end) },
    },
    tables: layout.tables.map((t) => ({ ...t, start: map(t.start), end: map(t.end) })),
    toc: layout.toc && { ...layout.toc, start: map(layout.toc.start), end: map(layout.toc.end), lines: layout.toc.lines.map(map) },
  };
}

function findRunIns({ flow, headings, tables, toc }: IndexedLayout): RunIn[] {
  const regions = [...tables, ...(toc ? [toc] : [])];
  const inRegion = (i: number) => regions.some((r) => i >= r.start && i < r.end);
  const out: RunIn[] = [];
  headings.forEach((heading, k) => {
    if (heading.references) return;
    const to = headings[k + 1]?.start ?? flow.length;
    for (let i = heading.end; i < to; i++) {
      // A references title the detector did not set apart ends the section: its entries are no sub-sections.
      if (REFERENCES_TITLE.test(flow[i].text.trim())) break;
      if (inRegion(i)) continue;
      const opensParagraph = i === heading.end || flow[i].columnStart || /[.!?:)\]]$/.test(flow[i - 1].text.trim());
      const single = opensParagraph ? splitLead(flow[i], null) : null;
      // A lead wrapped over two lines: the first all in the lead's font, the second ending the lead.
      const wrapped =
        !single && i + 1 < to && opensParagraph && !inRegion(i + 1) && isAllLead(flow[i]) ? splitLead(flow[i + 1], flow[i]) : null;
      const whole = !single && !wrapped && opensParagraph && i + 1 < to && !inRegion(i + 1) ? wholeLineLead(flow[i], flow[i + 1]) : null;
      const lead = single ?? wrapped ?? whole;
      if (!lead) continue;
      const at = wrapped ? i + 1 : i;
      out.push({ ...lead, at, twoLines: !!wrapped, level: heading.level + 1 });
      i = at;
    }
  });
  return out;
}

const isLeadRun = (run: TextRun) => run.bold || ITALIC_FONT.test(run.font);
const styleOf = (run: TextRun) => `${run.font}|${run.size.toFixed(1)}`;
const inked = (line: FlowLine) => line.runs.filter((r) => r.text.trim());

function isAllLead(line: FlowLine): boolean {
  const runs = inked(line);
  return runs.length > 0 && runs.every(isLeadRun) && !/[.]$/.test(line.text.trim());
}

/** The line cut after its lead ("Bacterial strains."), with the lead's title; `before` is the lead's first line, if wrapped. */
function splitLead(line: FlowLine, before: FlowLine | null): Pick<RunIn, 'head' | 'rest' | 'title' | 'style'> | null {
  const runs = inked(line);
  let k = 0;
  while (k < runs.length && isLeadRun(runs[k])) k++;
  if (k === 0 || k >= runs.length || runs[0].x > line.x0 + 1) return null;
  const style = styleOf(runs[0]);
  if (before && styleOf(inked(before)[0]) !== style) return null;
  const lead = joinRuns(runs.slice(0, k)).replace(/\s+/g, ' ').trim();
  const leadAt = line.text.indexOf(lead);
  const rest = leadAt < 0 ? '' : line.text.slice(leadAt + lead.length).trim();
  if (leadAt !== 0 || !lead.endsWith('.') || !rest || !SENTENCE_START.test(rest)) return null;
  const leadText = lead.slice(0, -1).trim();
  const title = joinLine(before?.text.trim() ?? '', leadText);
  if (!isLeadTitle(title)) return null;
  const headRuns = runs.slice(0, k);
  const restRuns = line.runs.filter((r) => r.x >= runs[k].x - 0.5);
  const head: FlowLine = { ...line, text: leadText, x1: headRuns[k - 1].x1, boldRatio: 1, runs: headRuns };
  const restLine: FlowLine = { ...line, text: rest, x0: runs[k].x, boldRatio: 0, runs: restRuns, columnStart: false };
  return { head, rest: restLine, title, style };
}

/** A lead that fills its line ("Bacterial strains and culture conditions.") before the paragraph's plain text. */
function wholeLineLead(line: FlowLine, next: FlowLine): Pick<RunIn, 'head' | 'rest' | 'title' | 'style'> | null {
  const runs = inked(line);
  const following = inked(next);
  const text = line.text.trim();
  if (!runs.length || !runs.every(isLeadRun) || !text.endsWith('.') || !following.length || isLeadRun(following[0])) return null;
  if (next.page !== line.page || next.columnStart || !SENTENCE_START.test(next.text.trim())) return null;
  const title = text.slice(0, -1).trim();
  if (!isLeadTitle(title)) return null;
  return { rest: null, title, style: styleOf(runs[0]) };
}

const isLeadTitle = (title: string): boolean =>
  title.split(/\s+/).length <= MAX_LEAD_WORDS &&
  (title.match(/\p{L}/gu) ?? []).length >= 3 &&
  !NOT_A_SECTION.test(title) &&
  !CAPTION.test(title) &&
  !AUTHOR_LIST.test(title) &&
  !/\.\s*$/.test(title);

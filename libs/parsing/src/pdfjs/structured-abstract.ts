import type { ParsedSection } from '../article';
import type { FlowLine, TextRun } from './layout.types';
import { toBlock, type Paragraph } from './paragraphs';

/**
 * The parts of a structured abstract (BMC, Springer, Elsevier, BMJ, medical journals). A closed list: a paragraph
 * opened by an italic species name or a bold term in another font is no part.
 */
const ABSTRACT_PART =
  /^(background|introduction|context|objectives?|aims?|aims? and objectives|purpose|importance|rationale|hypothesis|methods?|methodology|materials and methods|design|study design|setting|settings|participants|patients|subjects|interventions?|measurements|main outcome measures?|outcomes?|data sources|study selection|data extraction|data synthesis|review methods|evidence acquisition|evidence synthesis|approach|results|findings|observations|conclusions?|interpretation|discussion|significance|implications|limitations|trial registration|funding)$/i;
/** A structured abstract has at least this many parts. */
const MIN_PARTS = 2;

const inked = (line: FlowLine): TextRun[] => line.runs.filter((r) => r.text.trim());

/** "Background:" set apart at the start of the paragraph (bold, or a font the rest of the line is not in), or null. */
function partLead(paragraph: Paragraph): string | null {
  return lineLead(paragraph.lines[0], paragraph.text);
}

/** The part's name set apart at the start of `line`, when `text` (the line's paragraph from there on) opens with it. */
function lineLead(line: FlowLine, text: string): string | null {
  const runs = inked(line);
  if (runs.length < 2 || runs[0].x > line.x0 + 1) return null;
  const style = (run: TextRun) => `${run.font}|${run.bold}`;
  let k = 0;
  while (k < runs.length && style(runs[k]) === style(runs[0])) k++;
  if (k >= runs.length) return null;
  const lead = runs
    .slice(0, k)
    .map((r) => r.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const title = lead.replace(/\s*[:.]$/, '');
  return ABSTRACT_PART.test(title) && text.startsWith(lead) ? lead : null;
}

/** The part's name set apart from run `r` of `runs` on: the runs in its style, when the style changes before and after. */
function runLead(runs: TextRun[], r: number): string | null {
  const style = (run: TextRun) => `${run.font}|${run.bold}`;
  if (r > 0 && style(runs[r - 1]) === style(runs[r])) return null;
  let k = r;
  while (k < runs.length && style(runs[k]) === style(runs[r])) k++;
  if (k >= runs.length) return null;
  const lead = runs
    .slice(r, k)
    .map((x) => x.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ABSTRACT_PART.test(lead.replace(/\s*[:.]$/, '')) ? lead : null;
}

interface Piece {
  paragraph: Paragraph;
  lead: string | null;
}

/**
 * Parts that open inside a paragraph: some abstracts set their parts without indent or space between them (PeerJ:
 * a part whose last line runs to the margin does not end its paragraph), or run them on in one paragraph with the
 * names in italic (Hindawi: "… were examined. Methods. Focus groups …"). The paragraph is cut before each later name
 * set apart that follows the end of a sentence; a name inside a line needs its stop ("Methods.", "Methods:").
 */
function splitAtParts(paragraph: Paragraph): Piece[] {
  const { text, lines } = paragraph;
  const cuts: Array<{ at: number; line: number; lead: string; inside: boolean }> = [];
  let offset = 1;
  lines.forEach((line, j) => {
    const runs = inked(line);
    for (let r = j === 0 ? 1 : 0; r < runs.length; r++) {
      const lead = runLead(runs, r);
      if (lead === null) continue;
      for (let at = text.indexOf(lead, offset); at >= 0; at = text.indexOf(lead, at + 1)) {
        const after = text.slice(at + lead.length);
        if (!/[.!?)\]]\s+$/.test(text.slice(Math.max(0, at - 3), at)) || (r > 0 && !/[:.]$/.test(lead) && !/^\s*[:.]/.test(after)))
          continue;
        cuts.push({ at, line: j, lead, inside: r > 0 });
        offset = at + lead.length;
        break;
      }
    }
  });
  const pieces: Piece[] = [];
  const bounds = [{ at: 0, line: 0, lead: partLead(paragraph), inside: false }, ...cuts];
  bounds.forEach((b, k) => {
    const next = bounds[k + 1];
    // A part named inside a line shares that line with the part before it.
    const end = next ? next.line + (next.inside ? 1 : 0) : lines.length;
    pieces.push({
      paragraph: { lines: lines.slice(b.line, Math.max(b.line + 1, end)), text: text.slice(b.at, next?.at ?? text.length).trim() },
      lead: b.lead,
    });
  });
  return pieces;
}

/**
 * A structured abstract's run-in parts as sub-sections of the abstract (level 2), each holding its paragraphs
 * without the lead; null when fewer than two paragraphs open with a part's lead. Paragraphs before the first
 * part stay in the abstract section itself; the keywords paragraph after the last part stays in that part.
 */
export function structuredAbstractParts(given: Paragraph[], number: string): { intro: Paragraph[]; parts: ParsedSection[] } | null {
  const pieces = given.flatMap(splitAtParts);
  const paragraphs = pieces.map((p) => p.paragraph);
  const leads = pieces.map((p) => p.lead);
  if (leads.filter((l) => l !== null).length < MIN_PARTS) return null;
  const first = leads.findIndex((l) => l !== null);
  const parts: ParsedSection[] = [];
  paragraphs.forEach((paragraph, i) => {
    const lead = leads[i];
    if (i < first) return;
    if (lead === null) {
      parts[parts.length - 1].blocks.push(toBlock(paragraph));
      return;
    }
    // The stop after a bold name is often set in the text's font ("Background. Large-scale …"): it goes with the name.
    const text = paragraph.text
      .slice(lead.length)
      .replace(/^\s*[:.]\s*/, '')
      .trim();
    parts.push({
      number: `${number}.${parts.length + 1}`,
      title: lead.replace(/\s*[:.]$/, ''),
      level: 2,
      blocks: text ? [toBlock({ ...paragraph, text })] : [],
    });
  });
  return { intro: paragraphs.slice(0, first), parts };
}

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

/**
 * A part that opens on a line of its own inside a paragraph: the parts of some abstracts (PeerJ) are set without
 * indent or space between them, so a part whose last line runs to the margin does not end its paragraph. The paragraph
 * is cut before each later line that opens with a part's name set apart, after a line that ends a sentence.
 */
function splitAtParts(paragraph: Paragraph): Paragraph[] {
  const out: Paragraph[] = [];
  let from = 0;
  let offset = 0;
  for (let j = 1; j < paragraph.lines.length; j++) {
    const line = paragraph.lines[j];
    if (!/[.!?)\]]$/.test(paragraph.lines[j - 1].text.trim())) continue;
    // The line's opening words: its end may have been joined to the next line across a hyphen.
    const at = paragraph.text.indexOf(line.text.trim().slice(0, 30), offset);
    if (at <= offset || lineLead(line, paragraph.text.slice(at)) === null) continue;
    out.push({ lines: paragraph.lines.slice(from, j), text: paragraph.text.slice(offset, at).trim() });
    from = j;
    offset = at;
  }
  out.push({ lines: paragraph.lines.slice(from), text: paragraph.text.slice(offset).trim() });
  return out;
}

/**
 * A structured abstract's run-in parts as sub-sections of the abstract (level 2), each holding its paragraphs
 * without the lead; null when fewer than two paragraphs open with a part's lead. Paragraphs before the first
 * part stay in the abstract section itself; the keywords paragraph after the last part stays in that part.
 */
export function structuredAbstractParts(given: Paragraph[], number: string): { intro: Paragraph[]; parts: ParsedSection[] } | null {
  const paragraphs = given.flatMap(splitAtParts);
  const leads = paragraphs.map(partLead);
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

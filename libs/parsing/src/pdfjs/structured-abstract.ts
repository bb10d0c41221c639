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
  const line = paragraph.lines[0];
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
  return ABSTRACT_PART.test(title) && paragraph.text.startsWith(lead) ? lead : null;
}

/**
 * A structured abstract's run-in parts as sub-sections of the abstract (level 2), each holding its paragraphs
 * without the lead; null when fewer than two paragraphs open with a part's lead. Paragraphs before the first
 * part stay in the abstract section itself; the keywords paragraph after the last part stays in that part.
 */
export function structuredAbstractParts(paragraphs: Paragraph[], number: string): { intro: Paragraph[]; parts: ParsedSection[] } | null {
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
    const text = paragraph.text.slice(lead.length).trim();
    parts.push({
      number: `${number}.${parts.length + 1}`,
      title: lead.replace(/\s*[:.]$/, ''),
      level: 2,
      blocks: text ? [toBlock({ ...paragraph, text })] : [],
    });
  });
  return { intro: paragraphs.slice(0, first), parts };
}

import { isBold, type FlowLine } from './layout.types';
import { KNOWN_SECTION } from './text-patterns';

/**
 * Journals without numbered headings often set the section name in bold at the start of its first paragraph
 * ("Methods. We recruited …"). When that bold lead is a usual section name, it is cut off as a line of its own,
 * so heading detection sees a heading and the paragraph keeps the rest. Other bold leads ("Survey.") stay.
 */
export function splitRunInHeadings(flow: FlowLine[]): FlowLine[] {
  const out: FlowLine[] = [];
  for (const line of flow) {
    const split = isBold(line) ? null : splitLine(line);
    if (split) out.push(...split);
    else out.push(line);
  }
  return out;
}

function splitLine(line: FlowLine): [FlowLine, FlowLine] | null {
  const inked = line.runs.filter((r) => r.text.trim());
  let k = 0;
  let lead = '';
  while (k < inked.length && inked[k].bold)
    lead += (lead && inked[k].x - inked[k - 1].x1 > 0.12 * inked[k].size ? ' ' : '') + inked[k++].text;
  lead = lead.replace(/\s+/g, ' ').trim();
  const title = /^(.+?)\s*[.:]$/.exec(lead)?.[1];
  if (!title || k === 0 || k >= inked.length || !KNOWN_SECTION.test(title) || inked[0].x > line.x0 + 1) return null;
  const headRuns = inked.slice(0, k);
  const restRuns = line.runs.filter((r) => !headRuns.includes(r) && r.x >= headRuns[k - 1].x1 - 0.5);
  const restText = line.text.slice(line.text.indexOf(lead) + lead.length).trim();
  if (!restText || !/^\p{Lu}/u.test(restText)) return null;
  const head: FlowLine = { ...line, text: title, x1: headRuns[k - 1].x1, boldRatio: 1, runs: headRuns };
  const rest: FlowLine = {
    ...line,
    text: restText,
    x0: restRuns.find((r) => r.text.trim())?.x ?? line.x0,
    boldRatio: 0,
    runs: restRuns,
    columnStart: false,
  };
  return [head, rest];
}

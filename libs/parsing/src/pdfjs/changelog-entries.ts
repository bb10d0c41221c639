import type { Heading } from './heading-detector';
import { isBold, type FlowLine } from './layout.types';
import { words } from './text-patterns';

/** A section that lists a package's releases. */
const HISTORY_TITLE = /^((revision|change|version|release)\s+)?history$|^change\s?log$|^(list of\s+)?changes$|^release notes$/i;
/** A release label: a date ("2020-10-05", "2004/07/18") or a version ("v1.3", "2.5k"), alone or together, maybe bracketed. */
const DATE = /\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b/;
const VERSION = /(^|[\s[(])v?\d+\.\d+[a-z]?\b/i;
/** Fewer release labels than this are not a release list. */
const MIN_ENTRIES = 2;

/**
 * A change history sets each release's label ("[2006/08/15 v1.0]", "2.5k 2020-10-05") in bold on a line of its own,
 * over the list of its changes. Mostly digits, such a label never passes as a title elsewhere; under a heading named
 * "History", "Change History", "Changes" …, standalone bold release labels set apart from the regular-weight text
 * below them become headings one level below the history's, when there are at least two.
 */
export function addChangelogHeadings(flow: FlowLine[], headings: Heading[]): Heading[] {
  const out = [...headings];
  for (const history of headings.filter((h) => HISTORY_TITLE.test(h.title.trim().replace(/[.:]$/, '')))) {
    const after = headings.find((h) => h.start >= history.end && h.level <= history.level);
    const to = after?.start ?? flow.length;
    const taken = new Set(headings.map((h) => h.start));
    const labels: Heading[] = [];
    for (let i = history.end; i < to; i++) {
      if (taken.has(i) || !isReleaseLabel(flow[i])) continue;
      // The label stands apart: the change list below it is in the regular weight.
      const next = flow[i + 1];
      if (!next || isBold(next)) continue;
      labels.push({ start: i, end: i + 1, number: null, title: flow[i].text.trim(), level: history.level + 1, references: false });
    }
    if (labels.length >= MIN_ENTRIES) out.push(...labels);
  }
  return out.length === headings.length ? headings : out.sort((a, b) => a.start - b.start);
}

function isReleaseLabel(line: FlowLine): boolean {
  const text = line.text.trim();
  if (line.rowPeers > 1 || !isBold(line) || words(text).length > 4) return false;
  if (!DATE.test(text) && !VERSION.test(text)) return false;
  // What is left besides the date and the version is at most a short word ("Version", "released").
  const rest = text
    .replace(DATE, ' ')
    .replace(VERSION, ' ')
    .replace(/[\s[\](),:–-]+/g, ' ')
    .trim();
  return words(rest).length <= 1 && rest.length <= 12;
}

import type { Paragraph } from './paragraphs';
import { CITE_AS } from './citation-line';
import { KEYWORDS_MARKER } from './text-patterns';

/** A keywords or citation label printed on a line of its own: "KEYWORDS", "CCS CONCEPTS", "ACM Reference Format:". */
function isBareLabel(text: string): boolean {
  const rest = (marker: RegExp) => text.replace(marker, '').replace(/[\s:.\u2014\u2013-]+/g, '');
  return (KEYWORDS_MARKER.test(text) && rest(KEYWORDS_MARKER) === '') || (CITE_AS.test(text) && rest(CITE_AS) === '');
}

/**
 * A label set apart from its text (ACM prints "KEYWORDS" as a small heading over the list) heads the paragraph after
 * it, so the two are one passage and the keywords are read from it, as from "Keywords: a, b".
 */
export function joinBareLabels(paragraphs: Paragraph[]): Paragraph[] {
  const out: Paragraph[] = [];
  for (let i = 0; i < paragraphs.length; i++) {
    const [label, next] = [paragraphs[i], paragraphs[i + 1]];
    if (next && isBareLabel(label.text.trim())) {
      out.push({ lines: [...label.lines, ...next.lines], text: `${label.text.trim()} ${next.text.trim()}` });
      i++;
    } else out.push(label);
  }
  return out;
}

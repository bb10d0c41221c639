import type { HeadingCandidate } from './heading-candidates';
import { words } from './text-patterns';

/**
 * The style class that ranks an unnumbered heading's level. Capitals mark a level whatever their size ("METHODS" over
 * "Search strategy") — but where the capitals headings of a weight name no known section and are one alone
 * ("CIE CAM02") or all one word ("CIECAM02", "DEPRECATED"), set in the size and weight of mixed-case headings, they
 * are names printed in capitals, at the mixed-case headings' level.
 */
export function headingStyleClass(
  candidates: HeadingCandidate[],
  styleKey: (c: Pick<HeadingCandidate, 'size' | 'bold' | 'caps'>) => string,
): (c: HeadingCandidate) => string {
  const mixedCase = new Set(candidates.filter((c) => !c.caps).map(styleKey));
  const capsStyle = (bold: boolean) => {
    const members = candidates.filter((c) => c.caps && c.bold === bold);
    return members.some((c) => c.known) || (members.length > 1 && members.some((c) => words(c.numbering.title).length > 1));
  };
  const styled = new Map([true, false].map((bold) => [bold, capsStyle(bold)]));
  return (c) => {
    if (!c.caps) return styleKey(c);
    const asMixed = styleKey({ ...c, caps: false });
    return !styled.get(c.bold) && mixedCase.has(asMixed) ? asMixed : `caps|${c.bold}`;
  };
}

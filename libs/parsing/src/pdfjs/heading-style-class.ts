import type { HeadingCandidate } from './heading-candidates';
import { words } from './text-patterns';

/**
 * The style class that ranks an unnumbered heading's level. Capitals mark a level whatever their size — but a
 * document whose capitals headings are all one word ("CIECAM02", "DEPRECATED") set in the size and weight of its
 * mixed-case headings has no capitals style: those are names printed in capitals, at the mixed-case headings' level.
 */
export function headingStyleClass(
  candidates: HeadingCandidate[],
  styleKey: (c: Pick<HeadingCandidate, 'size' | 'bold' | 'caps'>) => string,
): (c: HeadingCandidate) => string {
  const mixedCase = new Set(candidates.filter((c) => !c.caps).map(styleKey));
  const capsPhrases = new Set(candidates.filter((c) => c.caps && words(c.numbering.title).length > 1).map((c) => c.bold));
  return (c) => {
    if (!c.caps) return styleKey(c);
    const asMixed = styleKey({ ...c, caps: false });
    return !capsPhrases.has(c.bold) && mixedCase.has(asMixed) ? asMixed : `caps|${c.bold}`;
  };
}

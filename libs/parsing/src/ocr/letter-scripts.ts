import { CJK_LETTERS } from '@lectern/common';

/**
 * Which writing system a text's letters belong to. Chinese, Japanese and Korean mix Han with kana or Hangul in one
 * text, so they count as one group; every other script is its own.
 */
const SCRIPTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['CJK', new RegExp(String.raw`[${CJK_LETTERS}\u30fc]`, 'u')],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Bengali', /\p{Script=Bengali}/u],
  ['Tamil', /\p{Script=Tamil}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
];

export function scriptOf(letter: string): string {
  for (const [name, pattern] of SCRIPTS) if (pattern.test(letter)) return name;
  return 'Other';
}

export interface ScriptShare {
  /** The script most of the letters are in (`none` without letters). */
  script: string;
  /** Share of all letters that are in that script. */
  share: number;
}

export function dominantScript(text: string): ScriptShare {
  const counts = new Map<string, number>();
  let total = 0;
  for (const letter of text.match(/\p{L}/gu) ?? []) {
    const script = scriptOf(letter);
    counts.set(script, (counts.get(script) ?? 0) + 1);
    total++;
  }
  let best: ScriptShare = { script: 'none', share: 0 };
  for (const [script, n] of counts) if (n / total > best.share) best = { script, share: n / total };
  return best;
}

import type { Heading } from './heading-detector';
import { INTRODUCTION_NAMES, METHODS_NAMES, RESULTS_NAMES } from './text-patterns';

/** Section names that come after an introduction in a research article. */
const AFTER_INTRODUCTION = new RegExp(
  `^(${METHODS_NAMES}|materials?( and methods)?|methods?( and materials)?|patients and methods|subjects and methods|experimental( procedures| section)?|study design|${RESULTS_NAMES})$`,
  'i',
);
const INTRODUCTION = new RegExp(`^(${INTRODUCTION_NAMES}|overview)$`, 'i');

/**
 * The title of the text between the abstract and the first heading. Journals that print no "Introduction" heading
 * (ASM, PNAS, Nature) open with it, then "Materials and Methods" or "Results": when the first heading is one of
 * those and no heading is an introduction, the opening text is the introduction. Otherwise it stays untitled ('').
 */
export function openingSectionTitle(headings: Heading[], afterAbstract: boolean): string {
  const first = headings.find((h) => !h.references);
  if (!afterAbstract || !first || first.level !== 1 || first.number) return '';
  const plain = (h: Heading) => h.title.replace(/[.:]\s*$/, '').trim();
  if (!AFTER_INTRODUCTION.test(plain(first)) || headings.some((h) => INTRODUCTION.test(plain(h)))) return '';
  return 'Introduction';
}

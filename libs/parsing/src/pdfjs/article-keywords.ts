import { ABSTRACT_SECTION_NUMBER, type ParsedSection } from '../article';
import { CLASSIFICATION_MARKER, KEYWORDS_MARKER } from './text-patterns';

/**
 * PeerJ prints its subject areas and then the keywords as one run ("Subjects Bioinformatics, Biology Keywords
 * Selective pressure, …"): the keywords are what follows their label.
 */
const SUBJECTS_THEN_KEYWORDS = /^subjects?\s+\p{Lu}[^]*?\s(?=key\s?words?\b)/iu;

/** "Keywords: a; b, c" in the abstract section → ["a", "b", "c"]. */
export function readKeywords(sections: ParsedSection[]): string[] {
  // A structured abstract's keywords sit in its last part ("0.4").
  const abstract = sections.filter((s) => s.number === ABSTRACT_SECTION_NUMBER || s.number.startsWith(`${ABSTRACT_SECTION_NUMBER}.`));
  const texts = abstract.flatMap((s) => s.blocks).map((b) => b.text.replace(SUBJECTS_THEN_KEYWORDS, ''));
  // A classification (CCS concepts, JEL codes) is read only when no keywords are printed.
  const labelled = texts.filter((t) => KEYWORDS_MARKER.test(t));
  const text = labelled.find((t) => !CLASSIFICATION_MARKER.test(t)) ?? labelled[0];
  if (text === undefined) return [];
  const inline = text.replace(KEYWORDS_MARKER, '').replace(/^[\s:.\u2014\u2013-]+/, '');
  // A label set on its own line ("KEYWORDS") heads the paragraph after it.
  const list = inline || (texts[texts.indexOf(text) + 1] ?? '');
  // Spaced dashes separate keywords too (AAS: "Novae (251) — Ultraviolet astronomy (1736)"), with a thesaurus code after each.
  return list
    .split(/\s*[;,·•]\s*|\s+[—–-]\s+/)
    .map((k) =>
      k
        .replace(/\s*\(\d+\)$/, '')
        .replace(/[.\s]+$/, '')
        .trim(),
    )
    .filter((k) => k.length > 0 && k.length <= 80);
}

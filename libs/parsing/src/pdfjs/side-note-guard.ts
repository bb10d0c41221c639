import type { HeadingCandidate } from './heading-candidates';
import { parseNumbering } from './heading-numbering';
import type { FlowLine } from './layout.types';
import { normalizeSpaces } from './text-patterns';

/** A gap this many times the heading's size parts a title from a note set on its baseline. */
const NOTE_GAP = 3;

/**
 * A small note set far right on a heading's baseline — a margin label ("pdfTEX 1.40" beside "5.5 Interword spacing"),
 * a version or line number — is read into the heading's line; it is no part of the title. The note is the line's last
 * pieces after a wide gap, all smaller than the title and not bold. Returns the candidate with its title trimmed.
 */
export function withoutSideNote(flow: FlowLine[], c: HeadingCandidate, inAppendix: boolean): HeadingCandidate {
  if (c.end - c.start !== 1) return c;
  const line = flow[c.start];
  const pieces = line.runs.filter((r) => r.text.trim() !== '');
  const at = pieces.findIndex((r, k) => k > 0 && r.x - pieces[k - 1].x1 >= NOTE_GAP * line.size);
  if (at <= 0) return c;
  const note = pieces.slice(at);
  if (!note.every((r) => r.size < 0.85 * line.size && !r.bold)) return c;
  const text = normalizeSpaces(c.text);
  const tail = normalizeSpaces(note.map((r) => r.text).join(' '));
  const squeezed = (s: string) => s.replace(/\s/g, '');
  // The line's text joins the note's pieces with or without spaces: compare without them.
  let cut = text.length;
  while (cut > 0 && squeezed(text.slice(cut)) !== squeezed(tail)) cut = text.lastIndexOf(' ', cut - 1);
  if (cut <= 0) return c;
  const title = text.slice(0, cut).trim();
  return { ...c, text: title, numbering: parseNumbering(title, inAppendix) };
}

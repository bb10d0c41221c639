import type { FlowLine } from './layout.types';
import { words } from './text-patterns';

const AFFILIATION =
  /@|\d{3,}|universit|institut|department|dept\.|school|college|laborator|\blab\b|cent(er|re)|facult|hospital|\binc\b|ltd|corporation|research|academy|foundation|program|escuela|facultad|street|road|avenue|\bstr\.|email|e-mail|correspond|contribution|editor|google|microsoft|amazon|\bibm\b|\bmeta\b|openai|usa\b|china|germany|france|japan|\buk\b|canada|india|italy|spain|brazil|switzerland|netherlands|korea|australia|republic|abstract|version|press|publish|edition|verlag|books?\b/i;
/** An address, also the grouped form "{ann,bob}@example.org". */
const EMAIL = /\{[^}]*\}\s*@\S+|\S+@\S+\.\w+/g;
const PARTICLES = new Set([
  'de',
  'da',
  'di',
  'del',
  'della',
  'der',
  'den',
  'van',
  'von',
  'la',
  'le',
  'du',
  'dos',
  'das',
  'y',
  'e',
  'bin',
  'al',
  'ter',
  'ten',
]);

/** Academic degrees printed after a name ("Jane Roe, PhD, MPH"): not people. */
const DEGREE =
  /,\s*(Ph\.?\s?D|M\.?D|D\.?Phil|M\.?Sc|B\.?Sc|M\.?Phil|MPH|MBBS|MBChB|FRCP|FRCS|FRACS|FACS|DrPH|RN|PharmD|DDS|DVM|MA|MS|BA|BS)\.?(?=\s*(,|;|\band\b|&|[*∗†‡§¶#\d]|$))/g;
/** Authors are set in one size: names in much smaller print below them are wrapped affiliations or notes. */
const AUTHOR_SIZE_SHARE = 0.85;

/** Person names from the lines between title and abstract: best effort, affiliations filtered out. */
export function extractAuthors(lines: FlowLine[]): string[] {
  const size = Math.max(0, ...lines.filter((l) => readNames([l]).length > 0).map((l) => l.size));
  return readNames(lines.filter((l) => l.size >= AUTHOR_SIZE_SHARE * size));
}

function readNames(lines: FlowLine[]): string[] {
  const names: string[] = [];
  const texts = lines
    .map((l) => separateAtMarkers(l).replace(EMAIL, ' ').replace(DEGREE, ' ').trim())
    .filter((t) => t && !AFFILIATION.test(t));
  for (const text of joinWrappedNames(texts)) {
    const pieces = text
      .replace(/[*∗†‡§¶#]+|\(\s*\d*\s*\)/g, ' ')
      .split(/,|;|\band\b|&|\s{2,}/)
      .map((p) =>
        p
          .replace(/\s+/g, ' ')
          .replace(/^[\s\d,]+|[\s\d,]+$/g, '')
          .trim(),
      )
      .filter(Boolean);
    const people = pieces.filter(isPersonName).map(capitaliseSurname);
    // A line of names is names throughout; one name among other words is a sentence or a place.
    if (people.length > 0 && people.length >= pieces.length * 0.6) names.push(...people);
  }
  return [...new Set(names)];
}

/**
 * The line's text with affiliation markers turned into commas: "Arman Cohan†∗ Sergey Feldman†" names two
 * people although no comma is printed between them.
 */
function separateAtMarkers(line: FlowLine): string {
  const main = line.runs.reduce((a, b) => (b.size > a.size ? b : a), line.runs[0]);
  if (!main) return line.text;
  let text = '';
  let right = -Infinity;
  for (const run of line.runs) {
    const marker = run.size < 0.85 * main.size && run.y > main.y + 0.15 * main.size;
    if (marker) text += ', ';
    else text += (run.x - right > 0.12 * run.size && !/\s$/.test(text) ? ' ' : '') + run.text;
    right = Math.max(right, run.x1);
  }
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * "… Benjamin Charles Germain" + "Lee, Jacob Carlson" (or + "NWOSU" alone) → one line: a surname carried over
 * to the next line.
 */
function joinWrappedNames(texts: string[]): string[] {
  const out: string[] = [];
  for (const text of texts) {
    const previous = out[out.length - 1];
    if (previous !== undefined && !/(,|;|\band)\s*$/.test(previous) && /^\p{Lu}[\p{L}'’-]*\s*(,|$)/u.test(text))
      out[out.length - 1] = `${previous} ${text}`;
    else out.push(text);
  }
  return out;
}

function isPersonName(piece: string): boolean {
  const tokens = piece.split(' ');
  if (tokens.length < 2 || tokens.length > 5) return false;
  let capitalised = 0;
  for (const [k, token] of tokens.entries()) {
    if (PARTICLES.has(token.toLowerCase())) continue;
    if (!/^\p{Lu}[\p{L}'’.-]*$/u.test(token)) return false;
    // Acronyms (`UC Merced`, `MIT`) are institutions; initials like `P.` or `J.-P.` are fine, and so is a
    // surname in capitals at either end ("Taofik Mohammed IBRAHIM", "OKAFOR Amara").
    const capsSurname = (k === 0 || k === tokens.length - 1) && token.length >= 3 && tokens.some((t) => /^\p{Lu}\p{Ll}+/u.test(t));
    if (
      token.length >= 2 &&
      token === token.toUpperCase() &&
      !/\./.test(token) &&
      !capsSurname &&
      tokens.some((t) => t !== t.toUpperCase())
    )
      return false;
    capitalised++;
  }
  return capitalised >= 2;
}

/** "Taofik Mohammed IBRAHIM" → "Taofik Mohammed Ibrahim": a surname set in capitals is written as a name. */
function capitaliseSurname(name: string): string {
  if (name === name.toUpperCase()) return name;
  return name
    .split(' ')
    .map((t) => (t.length >= 3 && t === t.toUpperCase() && !/\./.test(t) ? t.charAt(0) + t.slice(1).toLowerCase() : t))
    .join(' ');
}

/**
 * Affiliation lines between the authors and the abstract, without their markers ("¹Department of …").
 * Lines are grouped into blocks: a marker starts one, and a line set in the same size right below continues
 * it (always, when the page marks its affiliations; otherwise after a comma, in lowercase, or when it names
 * no institution, like "Dhaka-1000, Bangladesh"). Correspondence and e-mail blocks are not affiliations.
 */
export function extractAffiliations(lines: FlowLine[]): string[] {
  const usesMarkers = lines.some((l) => isMarked(l) || MARKER_ONLY.test(l.text) || markerBelow(l));
  const blocks: Array<{ text: string; last: FlowLine; note: boolean; marked: boolean }> = [];
  // A pending marker for the next line: any line after a marker-only line, a line of that size after a stray one.
  let markerAbove: number | null = null;
  for (const line of lines) {
    // A marker set on a line of its own (raised above the text it marks) marks the line that follows;
    // one grouped into the line above (its baseline below that line's) marks the next line too.
    if (MARKER_ONLY.test(line.text)) {
      markerAbove = 0;
      continue;
    }
    const stray = markerBelow(line);
    const text = line.text.replace(LEADING_MARKER, '').trim();
    const pending = markerAbove !== null && (markerAbove === 0 || Math.abs(markerAbove - line.size) < 0.5);
    const marked = pending || (!stray && isMarked(line));
    if (pending || stray) markerAbove = stray ? line.size : null;
    if (!text || text.length > MAX_AFFILIATION_CHARS) continue;
    const note = /@|e-?mail|correspond|contribut|equal/i.test(text);
    // The block this line may continue: same size, overlapping it horizontally, right above (a sidebar may be read
    // interleaved with the abstract beside it, so not necessarily the previous line).
    const block = [...blocks]
      .reverse()
      .find((b) => Math.abs(line.size - b.last.size) < 0.5 && line.x0 < b.last.x1 && line.x1 > b.last.x0 && b.last.page === line.page);
    const below = block !== undefined && block.last.y > line.y && block.last.y - line.y < 1.8 * line.size;
    const continues =
      below && !marked && (usesMarkers || block.note || /,$/.test(block.text) || /^\p{Ll}/u.test(text) || !AFFILIATION_NAME.test(text));
    if (continues) {
      block.text = `${block.text} ${text}`;
      block.last = line;
      block.note ||= note;
    } else blocks.push({ text, last: line, note, marked });
  }
  const candidates = blocks.filter((b) => !b.note && b.text.length <= MAX_AFFILIATION_CHARS);
  const named = candidates.filter((b) => AFFILIATION_NAME.test(b.text));
  // In a marked list whose entries name institutions, an entry naming none ("IOP Publishing, Washington") is one too.
  const listed = (b: (typeof blocks)[number]) =>
    b.marked &&
    words(b.text).length <= MAX_UNNAMED_AFFILIATION_WORDS &&
    named.some((n) => n.marked && Math.abs(n.last.size - b.last.size) < 0.5);
  const kept = candidates.filter((b) => named.includes(b) || listed(b));
  return [...new Set(kept.map((b) => b.text))];
}

/** An affiliation known only by its place in a marked list is short: a longer marked line is a note. */
const MAX_UNNAMED_AFFILIATION_WORDS = 16;
/** Longer than any affiliation: a paragraph that came between the title and the abstract. */
const MAX_AFFILIATION_CHARS = 300;
/** What an affiliation marker is made of: digits, footnote symbols, the letters a–e. */
const MARK = String.raw`\d*∗†‡§¶#a-e`;
/** Markers with the spaces and commas between them ("1,2", "a, ∗"). */
const MARKS = String.raw`[\s,${MARK}]`;
/** Markers alone on a line: "1", "∗", "a, b". */
const MARKER_ONLY = new RegExp(String.raw`^\s*[${MARK}]{1,2}(\s*,\s*[${MARK}]{1,2})*\s*$`);
/** Markers printed inline before the text they mark: "1Department …", "a,b School …". */
const LEADING_MARKER = new RegExp(String.raw`^${MARKS}{1,3}(?=\p{Lu})`, 'u');
const ALL_MARKS = new RegExp(`^${MARKS}+$`);
const isMarked = (line: FlowLine) => LEADING_MARKER.test(line.text) || startsWithRaisedMarker(line);

/** The line's first run when it is a marker: markers only, set smaller than the line. */
function markerRun(line: FlowLine): FlowLine['runs'][number] | null {
  const first = line.runs.find((r) => r.text.trim());
  return first !== undefined && first.size < 0.85 * line.size && ALL_MARKS.test(first.text) ? first : null;
}

/** A leading marker whose baseline lies below the line's: it was grouped in from the line below. */
function markerBelow(line: FlowLine): boolean {
  const marker = markerRun(line);
  return marker !== null && marker.y < line.y - 0.2 * line.size;
}

/** A leading marker with text after it: an affiliation marker printed as a superscript ("¹Department …"). */
function startsWithRaisedMarker(line: FlowLine): boolean {
  const marker = markerRun(line);
  return marker !== null && marker !== line.runs[line.runs.length - 1];
}

const AFFILIATION_NAME =
  /universit|institut|department|dept\.|school|college|laborator|\blab\b|cent(er|re)|facult|hospital|academy|foundation|escuela|facultad|ministry|council|agency|\binc\b|ltd|corporation/i;

import type { FlowLine } from './layout.types';

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
const DEGREE = /,\s*(Ph\.?\s?D|M\.?D|D\.?Phil|M\.?Sc|B\.?Sc|M\.?Phil|MPH|MBBS|MBChB|FRCP|FRCS|FRACS|FACS|DrPH|RN|PharmD|DDS|DVM|MA|MS|BA|BS)\.?(?=\s*(,|;|\band\b|&|[*∗†‡§¶#\d]|$))/g;
/** Authors are set in one size: names in much smaller print below them are wrapped affiliations or notes. */
const AUTHOR_SIZE_SHARE = 0.85;

/** Person names from the lines between title and abstract: best effort, affiliations filtered out. */
export function extractAuthors(lines: FlowLine[]): string[] {
  const size = Math.max(0, ...lines.filter((l) => readNames([l]).length > 0).map((l) => l.size));
  return readNames(lines.filter((l) => l.size >= AUTHOR_SIZE_SHARE * size));
}

function readNames(lines: FlowLine[]): string[] {
  const names: string[] = [];
  const texts = lines.map((l) => separateAtMarkers(l).replace(EMAIL, ' ').replace(DEGREE, ' ').trim()).filter((t) => t && !AFFILIATION.test(t));
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
 * Correspondence and e-mail notes are not affiliations.
 */
export function extractAffiliations(lines: FlowLine[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const text = line.text.replace(/^[\s\d*∗†‡§¶#,a-e]{0,3}(?=\p{Lu})/u, '').trim();
    if (!AFFILIATION_NAME.test(text) || /@|e-?mail|correspond|contribut|equal/i.test(text)) continue;
    const previous = out[out.length - 1];
    // A wrapped affiliation continues on a line without a marker of its own, starting in lowercase or after a comma.
    if (previous !== undefined && (/,$/.test(previous) || /^\p{Ll}/u.test(text))) out[out.length - 1] = `${previous} ${text}`;
    else out.push(text);
  }
  return [...new Set(out)];
}

const AFFILIATION_NAME =
  /universit|institut|department|dept\.|school|college|laborator|\blab\b|cent(er|re)|facult|hospital|academy|foundation|escuela|facultad|ministry|council|agency|\binc\b|ltd|corporation/i;

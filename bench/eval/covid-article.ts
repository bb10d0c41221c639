/** A COVID-QA context (the article's full text as one string) split back into the parts an article PDF shows. */
export interface CovidArticle {
  key: string;
  title: string;
  /** Authors, date, DOI and licence lines, shown small under the title. */
  meta: string[];
  /** Paragraphs of the abstract (a structured abstract splits at its BACKGROUND:/METHODS: labels). */
  abstract: string[];
  /** The body in reading order: a heading only where the text itself has a heading-like line. */
  body: Array<{ kind: 'heading' | 'paragraph'; text: string }>;
}

const ABSTRACT_PREFIX = /^Abstract:\s*/;
const TEXT_PREFIX = /^Text:\s*/;
const URL_LINE = /^https?:\/\//;
const ABSTRACT_LABEL = /(?<=[.!?])\s+(?=[A-Z][A-Z ]{3,}[A-Z]:\s)/;

/**
 * Most contexts read `title / url / authors / date / DOI / licence / Abstract: … / Text: …` (CORD-19 style);
 * three (CDC, EID, a 1918 review) are free text, where everything after the title is body.
 */
export function parseCovidContext(key: string, context: string): CovidArticle {
  const lines = context.split('\n').map((line) => line.trim());
  const titleAt = lines.findIndex((line) => line.length > 0);
  const abstractAt = lines.findIndex((line) => ABSTRACT_PREFIX.test(line));
  const textAt = lines.findIndex((line) => TEXT_PREFIX.test(line));
  const title = lines[titleAt] ?? key;
  if (abstractAt < 0 || textAt < abstractAt) {
    return { key, title, meta: [], abstract: [], body: bodyBlocks(lines.slice(titleAt + 1)) };
  }
  const meta = lines.slice(titleAt + 1, abstractAt).filter((line) => line.length > 0 && !URL_LINE.test(line));
  const abstractText = lines.slice(abstractAt, textAt).join(' ').replace(ABSTRACT_PREFIX, '').trim();
  const abstract = abstractText
    .split(ABSTRACT_LABEL)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  const bodyLines = [lines[textAt].replace(TEXT_PREFIX, ''), ...lines.slice(textAt + 1)];
  return { key, title, meta, abstract, body: bodyBlocks(bodyLines) };
}

/**
 * Blank lines separate blocks. A block's first line becomes a heading when it reads like one and is not the first
 * line of a hard-wrapped paragraph (a plain-text article wraps every ~60 characters, so "An estimated one third of
 * the world's population (or" is a sentence fragment, not a heading); a short block that is a heading wrapped over
 * two lines ("When and Where Did the 1918 Influenza / Pandemic Arise?") is one heading.
 */
function bodyBlocks(lines: string[]): CovidArticle['body'] {
  const blocks: CovidArticle['body'] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const joined = current.join(' ');
    if (current.length <= 2 && looksLikeHeading(joined.replace(/\?$/, ''))) blocks.push({ kind: 'heading', text: joined });
    else {
      if (current.length > 1 && looksLikeHeading(current[0]) && !isWrappedFragment(current)) {
        blocks.push({ kind: 'heading', text: current.shift() as string });
      }
      blocks.push({ kind: 'paragraph', text: unwrap(current) });
    }
    current = [];
  };
  for (const line of lines) {
    if (line.length === 0) flush();
    else current.push(line);
  }
  flush();
  return blocks;
}

/**
 * A hard-wrapped paragraph's lines as one text. A word the wrap broke ("fre-" / "quency") is joined whole: printed
 * mid-line, "fre- quency" would be a word no PDF shows (a PDF breaks it at a line end, where the parser joins it).
 */
export function unwrap(lines: string[]): string {
  return lines.reduce((text, line) => {
    if (text === '') return line;
    const broken = /\p{L}[-\u2010\u2011\u2013\u2014]$/u.test(text) && /^\p{Ll}/u.test(line);
    return broken ? text.slice(0, -1) + line : `${text} ${line}`;
  }, '');
}

/**
 * The block's first line runs on into the next: it breaks a word at a hyphen, the next line continues in lower
 * case, or the block is hard-wrapped (3+ lines) and the first line is as wide as its wrapped lines.
 */
export function isWrappedFragment(block: string[]): boolean {
  const [first, next] = block;
  if (next === undefined) return false;
  if (/\p{L}[-\u2010\u2011\u2013\u2014]$/u.test(first) || /^\p{Ll}/u.test(next)) return true;
  if (block.length < 3) return false;
  const widths = block
    .slice(0, -1)
    .map((line) => line.length)
    .sort((a, b) => a - b);
  const median = widths[Math.floor(widths.length / 2)];
  return first.length >= 0.75 * median;
}

/** Short, capitalised, no sentence punctuation at the end: "Optimization of the ELISA-array assay". */
export function looksLikeHeading(line: string): boolean {
  const words = line.split(/\s+/).filter((w) => w.length > 0);
  return (
    words.length >= 2 &&
    words.length <= 12 &&
    line.length <= 100 &&
    /^[A-Z]/.test(line) &&
    !/[.:;,?!)\]]$/.test(line) &&
    /[a-z]{3,}/.test(line)
  );
}

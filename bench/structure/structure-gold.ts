import { readFileSync } from 'node:fs';
import { ABSTRACT_SECTION_NUMBER, parseTei, REFERENCES_SECTION_NUMBER } from '@lectern/parsing';
import type { LevelledTitle } from './structure-scoring';

/** A gold heading; outline gold also knows its page and whether its title starts a line near its destination. */
export interface GoldHeading extends LevelledTitle {
  page?: number;
  startsLine?: boolean;
}

/** What a document's gold says; a field left out is not scored for that document. */
export interface StructureGold {
  title?: string;
  authors?: string[];
  headings?: GoldHeading[];
  /** Page of each gold table, or null when the gold does not say. */
  tables?: Array<number | null>;
  /** Captions of the gold tables whose page is null, in the same order: the runner looks their page up in the PDF. */
  tableCaptions?: string[];
  /** Front-matter fields beyond title and authors, where the gold has them. */
  doi?: string;
  year?: string;
  journal?: string;
  keywords?: string[];
  abstract?: string;
}

const FIGURE_LABEL = /^\s*(fig\.|figure|gr[aá]fico)\s*\d/i;

/** GROBID TEI as gold: header title and authors, body heads with the levels their numbering implies, tables. */
export function teiGold(file: string): StructureGold {
  const article = parseTei(readFileSync(file, 'utf8'));
  const sections = article.sections.filter(
    (s) => s.number !== ABSTRACT_SECTION_NUMBER && s.number !== REFERENCES_SECTION_NUMBER && s.title,
  );
  // GROBID 0.5 typed some figures as tables ("FIG. 1. Map of …", "Gráfico 6 …"): their own caption says otherwise.
  const tableBlocks = article.sections.flatMap((s) => s.blocks.filter((b) => b.kind === 'table' && !FIGURE_LABEL.test(b.text)));
  const keywords = /<keywords>([\s\S]*?)<\/keywords>/.exec(readFileSync(file, 'utf8').split('</teiHeader>')[0])?.[1];
  return {
    title: article.title,
    authors: article.authors,
    headings: sections.map((s) => ({ title: s.title, level: s.level })),
    tables: tableBlocks.map((b) => b.box?.page ?? null),
    tableCaptions: tableBlocks.map((b) => (b.box ? '' : b.text.split('\n\n')[0])),
    ...present({
      doi: article.doi,
      year: article.datePublished?.slice(0, 4),
      journal: article.journal,
      keywords: keywords ? [...keywords.matchAll(/<term>([\s\S]*?)<\/term>/g)].map((m) => decode(m[1])) : undefined,
      abstract: article.abstract,
    }),
  };
}

/** Only the fields the gold really has: an empty or missing value is not scored. */
function present(
  fields: Partial<Record<'doi' | 'year' | 'journal' | 'abstract', string | null>> & { keywords?: string[] },
): Partial<StructureGold> {
  const out: Partial<StructureGold> = {};
  for (const key of ['doi', 'year', 'journal', 'abstract'] as const) {
    const value = fields[key]?.trim();
    if (value) out[key] = value;
  }
  if (fields.keywords?.length) out.keywords = fields.keywords;
  return out;
}

const decode = (text: string) =>
  text
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/\s+/g, ' ')
    .trim();

/** Longest heading kept from CERMINE's expected output: longer "titles" there are quotations it took for headings. */
const MAX_CERMINE_HEADING_WORDS = 12;

/**
 * CERMINE's NLM/JATS files: `*-metadata.xml` (article-title, author string-names) and `*-content.xml` (the same
 * front matter plus `<sec><title>` nesting for headings, CERMINE's own expected output).
 */
export function jatsGold(file: string): StructureGold {
  const xml = readFileSync(file, 'utf8');
  const title = /<article-title>([\s\S]*?)<\/article-title>/.exec(xml)?.[1];
  const authors = [...xml.matchAll(/<contrib contrib-type="author">([\s\S]*?)<\/contrib>/g)]
    .map((m) => /<string-name>([\s\S]*?)<\/string-name>/.exec(m[1])?.[1])
    .filter((n): n is string => !!n)
    .map(decode);
  const meta = /<article-meta>([\s\S]*?)<\/article-meta>/.exec(xml)?.[1] ?? '';
  const journal = /<journal-title>([\s\S]*?)<\/journal-title>/.exec(xml)?.[1];
  const gold: StructureGold = {
    title: title ? decode(title) : undefined,
    authors,
    ...present({
      doi: /<article-id pub-id-type="doi">([\s\S]*?)<\/article-id>/.exec(meta)?.[1],
      year: /<pub-date[^>]*>[\s\S]*?<year>(\d{4})<\/year>/.exec(meta)?.[1],
      // `*-content.xml` is CERMINE's own output, not curated: its journal title is a licence line in test5.
      journal: journal && file.endsWith('-metadata.xml') ? decode(journal) : undefined,
      keywords: [...meta.matchAll(/<kwd>([\s\S]*?)<\/kwd>/g)].map((m) => decode(m[1])),
      abstract: decode(/<abstract[^>]*>([\s\S]*?)<\/abstract>/.exec(meta)?.[1] ?? ''),
    }),
  };
  const body = /<body>([\s\S]*)<\/body>/.exec(xml)?.[1];
  if (body) {
    const headings: LevelledTitle[] = [];
    let depth = 0;
    for (const m of body.matchAll(/<sec\b[^>]*>|<\/sec>|<title>([\s\S]*?)<\/title>/g)) {
      if (m[0].startsWith('</sec')) depth--;
      else if (m[0].startsWith('<sec')) depth++;
      else {
        const text = decode(m[1] ?? '');
        if (text && text.split(' ').length <= MAX_CERMINE_HEADING_WORDS) headings.push({ title: text, level: Math.max(1, depth) });
      }
    }
    gold.headings = headings;
  }
  return gold;
}

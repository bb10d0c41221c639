import type { ParsedArticle, ParsedSection } from '../article';

/** An article for specs: these sections, title "T", and no front matter besides. */
export const parsedArticle = (
  sections: ParsedSection[],
  { pageCount = 1, parsers = ['grobid'] }: { pageCount?: number; parsers?: string[] } = {},
): ParsedArticle => ({
  title: 'T',
  authors: [],
  abstract: '',
  datePublished: null,
  journal: null,
  doi: null,
  pageCount,
  sections,
  parsers,
});

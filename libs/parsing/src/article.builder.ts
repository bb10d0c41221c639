import type { ParsedArticle } from './article';
import type { ParseOptions } from './document-parser';
import { mergeEquations } from './merge/equations.merge';
import { mergeTables } from './merge/tables.merge';
import { assertContentWithinLimit } from './parse-limits';
import { equationsFromMmd, locateEquationPages } from './nougat/equations';
import { readPageTexts } from './pdfjs/page-texts';
import { PdfjsParser } from './pdfjs/pdfjs.parser';
import { ParserOutputError } from './service-errors';
import { assignPages } from './tei/page-assigner';
import { assertTeiMatchesText } from './tei/tei-agreement';
import { parseTei } from './tei/tei.parser';
import { tablesFromElements } from './unstructured/tables';
import type { UnstructuredElement } from './unstructured/unstructured.types';

/** What the outside services returned for one PDF; any may be missing (not configured, or it failed). */
export interface ServiceOutputs {
  grobidTei?: string;
  unstructuredElements?: UnstructuredElement[];
  nougatMmd?: string;
}

const embedded = new PdfjsParser();

/**
 * Merge policy, in order:
 * 1. Skeleton: GROBID's TEI (outline, numbering, references, coordinates) when it parses; otherwise the embedded
 *    PDF.js parser. Blocks GROBID gave no coordinates get their page by locating their text in PDF.js's pages.
 * 2. Tables: Unstructured's `Table` elements (HTML → Markdown) replace the skeleton's flattened table text on the
 *    same page, or are added to the section covering that page.
 * 3. Math: Nougat's display equations (LaTeX) replace garbled formula text on the same page, or are added there.
 * A service output that cannot be used adds a warning and the merge goes on without it.
 */
export async function buildArticle(pdf: Uint8Array, outputs: ServiceOutputs, options: ParseOptions = {}): Promise<ParsedArticle> {
  await assertContentWithinLimit(pdf, options.limits);
  const warnings: string[] = [];
  let pageTexts: string[] | null = null;
  const pages = async () => (pageTexts ??= await readPageTexts(pdf, options.limits));

  let skeleton: ParsedArticle | null = null;
  if (outputs.grobidTei !== undefined) {
    try {
      const grobid = assignPages(parseTei(outputs.grobidTei), await pages());
      assertTeiMatchesText(grobid, await pages());
      skeleton = grobid;
    } catch (error) {
      if (!(error instanceof ParserOutputError)) throw error;
      warnings.push(`grobid output unusable (${(error as Error).message}); used the embedded parser`);
    }
  }
  let article: ParsedArticle = skeleton ?? (await embedded.parse(pdf, options));
  const parsers = [...article.parsers];

  if (outputs.unstructuredElements !== undefined) {
    const tables = tablesFromElements(outputs.unstructuredElements);
    const merged = mergeTables(article, tables);
    article = merged.article;
    warnings.push(...merged.warnings);
    parsers.push('unstructured');
  }

  if (outputs.nougatMmd !== undefined) {
    const equations = equationsFromMmd(outputs.nougatMmd);
    locateEquationPages(equations, await pages());
    const merged = mergeEquations(article, equations);
    article = merged.article;
    warnings.push(...merged.warnings);
    parsers.push('nougat');
  }

  return { ...article, parsers, warnings: [...(article.warnings ?? []), ...warnings] };
}

import { lastPageOf, pagesLabel } from '@lectern/common';
import { outlineDepths, type ArticleRow, type ContextRow, type CorpusDb, type OutlineEntry } from '@lectern/corpus';
import { questionTermWeights, type SearchHit, type SearchMode, type TermWeights } from '@lectern/retrieval';
import { InvalidToolCallError } from './agent.errors';
import type { AgentSearch, ExploreCitation } from './explore.types';

/** What a tool gave back: `content` goes to the agent, `summary` into the step list. */
export interface ToolOutput {
  content: string;
  summary: string;
}

/** Where the agent is: a section, and how many of its contexts it has read so far (a capped read stops early). */
export interface ReadingCursor {
  articleId: string;
  sectionId: string;
  nextContext: number;
}

export interface ReadSection {
  articleId: string;
  section: OutlineEntry;
  /** Text read, for the extractive answer. */
  contexts: ContextRow[];
}

/** What the reader reads from a project's corpus. */
export type PaperReaderCorpus = Pick<
  CorpusDb,
  'listArticles' | 'getArticle' | 'outline' | 'articleOfSection' | 'listSectionContexts' | 'listArticleContexts'
>;

export interface PaperReaderOptions {
  corpus: PaperReaderCorpus & Partial<Pick<CorpusDb, 'termRarity'>>;
  search: AgentSearch;
  searchMode: SearchMode;
  /** Cap on one read, in context tokens. */
  readTokens: number;
  /** The article to default to (request's articleId). */
  articleId?: string;
  /** The papers the run is scoped to (unset: every article of the project); tools refuse any other article. */
  scope?: readonly string[];
}

const SNIPPET_CHARS = 220;
/** How next()/previous() begin their reply when there is nowhere to go. */
export const AT_THE_EDGE = 'You are at';

/**
 * The papers as the agent moves through them: a cursor in reading order (the outline's positions, so numbered
 * subsections follow their parent), and every section it has read — the only ones it may cite.
 */
export class PaperReader {
  cursor: ReadingCursor | null = null;
  /** The last search's hits, for the heuristic navigator to pick from. */
  lastHits: SearchHit[] = [];
  private readonly outlines = new Map<string, OutlineEntry[]>();
  private readonly read = new Map<string, ReadSection>();
  private readonly scope: ReadonlySet<string> | null;

  constructor(private readonly options: PaperReaderOptions) {
    this.scope = options.scope ? new Set(options.scope) : null;
  }

  get readSections(): ReadSection[] {
    return [...this.read.values()];
  }

  async search(query: string, k: number): Promise<ToolOutput> {
    const hits = await this.options.search.search(query, { mode: this.options.searchMode, k });
    this.lastHits = hits;
    const lines = hits.map(
      (hit, i) =>
        `${i + 1}. article_id=${hit.article.id} "${hit.article.title}" — ${sectionLabel(hit.section)} (section_id=${hit.section.id}), p. ${hit.page}: ${snippet(hit.text)}`,
    );
    const best = hits[0];
    return {
      content: lines.length > 0 ? lines.join('\n') : 'no hits',
      summary: best ? `${hits.length} hits; best ${sectionLabel(best.section)} of "${best.article.title}" p. ${best.page}` : 'no hits',
    };
  }

  /** The article's sections as a tree: each subsection indented under its parent, in reading order. */
  outline(articleId: string): ToolOutput {
    const article = this.article(articleId);
    const entries = this.outlineOf(article.id);
    const depths = outlineDepths(entries);
    const lines = entries.map(
      (e) => `${'  '.repeat(depths.get(e.id) ?? 0)}${sectionLabel(e)} — ${pages(e)}, ${e.numTokens} tokens (section_id=${e.id})`,
    );
    return {
      content: `"${article.title}" (article_id=${article.id})\n${lines.join('\n')}`,
      summary: `${entries.length} sections of "${article.title}"`,
    };
  }

  /** Jump: by section id, number ("3.2") or title, in `articleId`, the cursor's article or the only article. */
  jump(section: string, articleId?: string): ToolOutput {
    const { article, entry } = this.resolve(section, articleId);
    this.cursor = { articleId: article, sectionId: entry.id, nextContext: 0 };
    return this.readAtCursor();
  }

  /** The rest of a section cut by the read cap, else the next section with text, crossing into subsections. */
  next(): ToolOutput {
    const cursor = this.requireCursor('next');
    const contexts = this.options.corpus.listSectionContexts(cursor.sectionId);
    if (cursor.nextContext > 0 && cursor.nextContext < contexts.length) return this.readAtCursor();
    return this.step(cursor, 1);
  }

  previous(): ToolOutput {
    return this.step(this.requireCursor('previous'), -1);
  }

  readPage(articleId: string, page: number): ToolOutput {
    const article = this.article(articleId);
    // A passage started on an earlier page that runs onto this one is printed here too (a book page inside one paragraph).
    const rows = this.options.corpus
      .listArticleContexts(article.id)
      .filter((row) => row.page <= page && page <= lastPageOf(row.page, row.pageStarts));
    if (rows.length === 0)
      throw new InvalidToolCallError(`read_page: "${article.title}" has no text on page ${page} (it has ${article.pageCount} pages)`);
    const taken = this.takeWithinCap(rows);
    const outline = this.outlineOf(article.id);
    for (const row of taken) this.remember(article.id, outline.find((e) => e.id === row.sectionId) as OutlineEntry, [row]);
    const first = taken[0];
    this.cursor = { articleId: article.id, sectionId: first.sectionId, nextContext: 0 };
    const sections = [...new Set(taken.map((r) => `§${r.sectionNumber || '-'} (section_id=${r.sectionId})`))];
    return {
      content: `Page ${page} of "${article.title}", sections ${sections.join(', ')}\n\n${taken.map((r) => r.text).join('\n\n')}`,
      summary: `page ${page}: ${taken.length} passages, ${sum(taken)} tokens`,
    };
  }

  /** A citation for a section read, by id or number; null when it was not read. */
  citationFor(ref: string): { sectionId: string; citation: ExploreCitation } | null {
    const wanted = ref.trim().replace(/^§/, '');
    const found = this.readSections.find((r) => r.section.id === wanted) ?? this.readSections.find((r) => r.section.number === wanted);
    if (!found) return null;
    const page = found.contexts[0]?.page ?? found.section.pageStart ?? 1;
    return {
      sectionId: found.section.id,
      citation: {
        articleId: found.articleId,
        articleTitle: this.titleOf(found.articleId),
        sectionNumber: found.section.number,
        sectionTitle: found.section.title,
        page,
      },
    };
  }

  /** Corpus idf of the question's terms (as chat weighs them), when the corpus can tell. */
  termWeights(question: string): TermWeights | undefined {
    const corpus = this.options.corpus;
    return corpus.termRarity ? questionTermWeights({ termRarity: (words) => corpus.termRarity!(words) }, question) : undefined;
  }

  /** The article's title, or its id when it has none. */
  titleOf(articleId: string): string {
    return this.options.corpus.getArticle(articleId)?.title || articleId;
  }

  /** The articles the tools may open: the scope, else every article of the project. */
  articleIds(): string[] {
    return this.options.corpus
      .listArticles()
      .map((a) => a.id)
      .filter((id) => this.inScope(id));
  }

  inScope(articleId: string): boolean {
    return this.scope === null || this.scope.has(articleId);
  }

  outlineOf(articleId: string): OutlineEntry[] {
    let entries = this.outlines.get(articleId);
    if (!entries) {
      entries = this.options.corpus.outline(articleId);
      this.outlines.set(articleId, entries);
    }
    return entries;
  }

  private step(cursor: ReadingCursor, direction: 1 | -1): ToolOutput {
    this.article(cursor.articleId);
    const outline = this.outlineOf(cursor.articleId);
    let index = outline.findIndex((e) => e.id === cursor.sectionId) + direction;
    // A heading with no text of its own (a "3 Methods" before its "3.1") is skipped: there is nothing to read.
    while (index >= 0 && index < outline.length && outline[index].contextCount === 0) index += direction;
    if (index < 0 || index >= outline.length) {
      const where = direction > 0 ? 'the last section' : 'the first section';
      return {
        content: `${AT_THE_EDGE} ${where} of the article; there is no ${direction > 0 ? 'next' : 'previous'} section.`,
        summary: `at ${where}`,
      };
    }
    this.cursor = { articleId: cursor.articleId, sectionId: outline[index].id, nextContext: 0 };
    return this.readAtCursor();
  }

  private readAtCursor(): ToolOutput {
    const cursor = this.cursor as ReadingCursor;
    const entry = this.outlineOf(cursor.articleId).find((e) => e.id === cursor.sectionId) as OutlineEntry;
    const all = this.options.corpus.listSectionContexts(entry.id);
    const taken = this.takeWithinCap(all.slice(cursor.nextContext));
    const from = cursor.nextContext;
    cursor.nextContext = from + taken.length;
    this.remember(cursor.articleId, entry, taken);
    const rest = all.length - cursor.nextContext;
    const marker =
      rest > 0
        ? `[continues: ${rest} more passages of this section — call next() to read on]`
        : `[end of ${sectionLabel(entry)}; next() goes on in reading order]`;
    const header = `${sectionLabel(entry)} (section_id=${entry.id}, article_id=${cursor.articleId}, ${pages(entry)})${from > 0 ? ', continued' : ''}`;
    const body = taken.length > 0 ? taken.map((r) => r.text).join('\n\n') : '(this section has no text of its own)';
    return {
      content: `${header}\n\n${body}\n\n${marker}`,
      summary: `${sectionLabel(entry)}${from > 0 ? ' (continued)' : ''}: ${sum(taken)} tokens${rest > 0 ? `, ${rest} passages left` : ''}`,
    };
  }

  /** At least one context, then as many as fit the read cap. */
  private takeWithinCap(rows: ContextRow[]): ContextRow[] {
    const taken: ContextRow[] = [];
    let tokens = 0;
    for (const row of rows) {
      if (taken.length > 0 && tokens + row.numTokens > this.options.readTokens) break;
      taken.push(row);
      tokens += row.numTokens;
    }
    return taken;
  }

  private remember(articleId: string, section: OutlineEntry, rows: ContextRow[]): void {
    const known = this.read.get(section.id);
    if (known) known.contexts.push(...rows.filter((r) => !known.contexts.some((k) => k.id === r.id)));
    else this.read.set(section.id, { articleId, section, contexts: [...rows] });
  }

  private resolve(section: string, articleId?: string): { article: string; entry: OutlineEntry } {
    const candidates = articleId
      ? [this.article(articleId).id]
      : [
          ...new Set(
            [this.cursor?.articleId, this.options.articleId, ...this.articleIds()].filter((id): id is string => !!id && this.inScope(id)),
          ),
        ];
    // A section id is unique across articles, so it needs no article: only its owner's outline is read, if a candidate.
    const owner = this.options.corpus.articleOfSection(section);
    const byId = owner && candidates.includes(owner) ? this.outlineOf(owner).find((e) => e.id === section) : undefined;
    if (owner && byId) return { article: owner, entry: byId };
    if (this.scope && !articleId) this.refuseOutOfScopeSection(section, owner);
    const start = this.options.articleId && this.inScope(this.options.articleId) ? this.options.articleId : undefined;
    const scoped = articleId ?? this.cursor?.articleId ?? start ?? (candidates.length === 1 ? candidates[0] : undefined);
    if (!scoped)
      throw new InvalidToolCallError(`read: no section id ${JSON.stringify(section)}; give article_id to read by number or title`);
    const outline = this.outlineOf(scoped);
    const wanted = section.replace(/^§/, '').trim().toLowerCase();
    const entry =
      outline.find((e) => e.number.toLowerCase() === wanted) ??
      outline.find((e) => e.title.toLowerCase() === wanted) ??
      outline.find((e) => wanted.length >= 4 && e.title.toLowerCase().includes(wanted));
    if (!entry)
      throw new InvalidToolCallError(`read: no section ${JSON.stringify(section)} in article ${scoped}; call outline to see its sections`);
    return { article: scoped, entry };
  }

  private article(articleId: string): ArticleRow {
    const article = this.options.corpus.getArticle(articleId);
    if (!article) throw new InvalidToolCallError(`no article ${JSON.stringify(articleId)}; search hits name the article ids`);
    if (!this.inScope(article.id))
      throw new InvalidToolCallError(`${outOfScope(`article ${JSON.stringify(article.id)}`)}${this.scopeList()}`);
    return article;
  }

  /** A section id of a paper outside the scope gets the same refusal as its article, not a vague "no section". */
  private refuseOutOfScopeSection(section: string, owner: string | null): void {
    // Looked up by the section alone: an out-of-scope paper's outline is never loaded (nor cached) just to refuse it.
    if (owner && !this.inScope(owner))
      throw new InvalidToolCallError(`${outOfScope(`section ${JSON.stringify(section)} (article ${owner})`)}${this.scopeList()}`);
  }

  private scopeList(): string {
    return `; the papers in scope: ${[...(this.scope ?? [])].join(', ')}`;
  }

  private requireCursor(tool: string): ReadingCursor {
    if (!this.cursor) throw new InvalidToolCallError(`${tool}: nothing has been read yet; read a section first`);
    return this.cursor;
  }
}

function outOfScope(what: string): string {
  return `refused: ${what} is outside the papers this question is scoped to`;
}

export function sectionLabel(section: { number: string; title: string }): string {
  return [section.number ? `§${section.number}` : '§-', section.title].filter(Boolean).join(' ');
}

function pages(entry: OutlineEntry): string {
  if (entry.pageStart === null) return 'no pages';
  return pagesLabel(entry.pageStart, entry.pageEnd);
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS)}…` : flat;
}

function sum(rows: ContextRow[]): number {
  return rows.reduce((total, r) => total + r.numTokens, 0);
}

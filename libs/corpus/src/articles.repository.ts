import type Database from 'better-sqlite3';
import { nanoid } from 'nanoid';
import type {
  ArticleInput,
  ArticleRow,
  ContextKind,
  ContextNeighbourhood,
  ContextBox,
  ContextRow,
  CorpusStats,
  OutlineEntry,
  StopReason,
  TextSource,
} from './corpus.types';
import { isSearchedKind } from './corpus.types';
import { ArticleAlreadyStoredError } from './errors';
import { encodePageStarts, withPageStarts } from './page-starts.codec';
import { withHeadingPages } from './outline-pages';
import { ReferencesRepository } from './references.repository';
import type { VectorIndex } from './vector-index';

interface ArticleRecord {
  id: string;
  num_tokens: number;
  title: string;
  date_published: string | null;
  journal: string | null;
  authors: string;
  doi: string | null;
  abstract: string;
  document_id: string;
  page_count: number;
  created_at: string;
  affiliations: string;
  keywords: string;
}

interface ContextRecord {
  id: string;
  text: string;
  section_id: string;
  section_number: string;
  section_title: string;
  position: number;
  page_number: number;
  kind: ContextKind;
  num_tokens: number;
  stop_reason: StopReason;
  text_source: TextSource;
  ocr_confidence: number | null;
  page_starts: string | null;
}

function toArticle(row: ArticleRecord): ArticleRow {
  return {
    id: row.id,
    documentId: row.document_id,
    title: row.title,
    authors: JSON.parse(row.authors) as string[],
    abstract: row.abstract,
    datePublished: row.date_published,
    journal: row.journal,
    doi: row.doi,
    pageCount: row.page_count,
    affiliations: JSON.parse(row.affiliations) as string[],
    keywords: JSON.parse(row.keywords) as string[],
    numTokens: row.num_tokens,
    createdAt: row.created_at,
  };
}

function toContext(row: ContextRecord): ContextRow {
  return {
    id: row.id,
    text: row.text,
    sectionId: row.section_id,
    sectionNumber: row.section_number,
    sectionTitle: row.section_title,
    position: row.position,
    page: row.page_number,
    ...withPageStarts(row.page_starts),
    kind: row.kind,
    numTokens: row.num_tokens,
    stopReason: row.stop_reason,
    textSource: row.text_source,
    ocrConfidence: row.ocr_confidence,
  };
}

/** How much of a section's first passage the outline carries: enough words for the source view to find it on its page. */
const OUTLINE_LEAD_CHARS = 160;

/** Prepared on first use, so an older schema (without `parent_id`) can still be written to by a migration test. */
const OUTLINE_SQL = `
      SELECT s.id, s.section_number AS number, s.section_title AS title, s.level, s.parent_id AS parentId, asn.position,
        s.num_tokens AS numTokens, COUNT(c.seq) AS contextCount,
        -- A passage running onto later pages ends the section there (page_starts' last entry, corpus migration 0008).
        MIN(c.page_number) AS pageStart, MAX(COALESCE(c.page_starts ->> '$[#-1][1]', c.page_number)) AS pageEnd,
        COUNT(CASE WHEN c.text_source = 'ocr' THEN 1 END) AS ocrContexts, ROUND(AVG(c.ocr_confidence), 1) AS ocrConfidence,
        lc.bbox AS box, substr(lc.text, 1, ${OUTLINE_LEAD_CHARS}) AS lead
      FROM article_sections asn
      JOIN sections s ON s.id = asn.section_id
      -- The section's first passage, looked up once for both its box and its lead.
      LEFT JOIN contexts lc ON lc.id = (SELECT fsc.context_id FROM section_contexts fsc
        WHERE fsc.section_id = s.id ORDER BY fsc.position LIMIT 1)
      LEFT JOIN section_contexts sc ON sc.section_id = s.id
      LEFT JOIN contexts c ON c.id = sc.context_id
      WHERE asn.article_id = ?
      GROUP BY asn.position ORDER BY asn.position`;

const CONTEXT_COLUMNS = `c.id, c.text, s.id AS section_id, c.section_number, c.section_title, sc.position,
  c.page_number, c.kind, c.num_tokens, c.stop_reason, c.text_source, c.ocr_confidence, c.page_starts`;

function prepareStatements(db: Database.Database) {
  const prepare = <R = unknown>(sql: string) => db.prepare<unknown[], R>(sql);
  return {
    insertArticle: prepare(`
      INSERT INTO articles (id, num_tokens, title, date_published, journal, authors, doi, abstract, document_id,
        page_count, created_at, affiliations, keywords)
      VALUES (@id, @numTokens, @title, @datePublished, @journal, @authors, @doi, @abstract, @documentId,
        @pageCount, @createdAt, @affiliations, @keywords)`),
    insertSection: prepare(`
      INSERT INTO sections (id, num_tokens, section_title, section_number, level)
      VALUES (@id, @numTokens, @title, @number, @level)`),
    insertArticleSection: prepare('INSERT INTO article_sections (article_id, section_id, position) VALUES (?, ?, ?)'),
    insertContext: prepare(`
      INSERT INTO contexts (id, text, section_title, section_number, num_tokens, page_number, stop_reason,
        embedding, embedding_model, kind, bbox, text_source, ocr_confidence, page_starts)
      VALUES (@id, @text, @sectionTitle, @sectionNumber, @numTokens, @pageNumber, @stopReason, @embedding,
        @embeddingModel, @kind, @bbox, @textSource, @ocrConfidence, @pageStarts)`),
    insertSectionContext: prepare('INSERT INTO section_contexts (section_id, context_id, position) VALUES (?, ?, ?)'),
    contextSeqsOfArticle: prepare<{ seq: number }>(`
      SELECT c.seq FROM article_sections asn
      JOIN section_contexts sc ON sc.section_id = asn.section_id
      JOIN contexts c ON c.id = sc.context_id
      WHERE asn.article_id = ?`),
    deleteContexts: prepare('DELETE FROM contexts WHERE seq IN (SELECT value FROM json_each(?))'),
    deleteSectionsOfArticle: prepare('DELETE FROM sections WHERE id IN (SELECT section_id FROM article_sections WHERE article_id = ?)'),
    deleteArticle: prepare('DELETE FROM articles WHERE id = ?'),
    byId: prepare<ArticleRecord>('SELECT * FROM articles WHERE id = ?'),
    byDocument: prepare<ArticleRecord>('SELECT * FROM articles WHERE document_id = ?'),
    all: prepare<ArticleRecord>('SELECT * FROM articles ORDER BY created_at, rowid'),
    stats: prepare<CorpusStats>(`
      SELECT (SELECT COUNT(*) FROM articles) AS articles, (SELECT COUNT(*) FROM sections) AS sections,
        (SELECT COUNT(*) FROM contexts) AS contexts`),
    sectionContexts: prepare<ContextRecord>(`
      SELECT ${CONTEXT_COLUMNS} FROM section_contexts sc
      JOIN sections s ON s.id = sc.section_id JOIN contexts c ON c.id = sc.context_id
      WHERE sc.section_id = ? ORDER BY sc.position`),
    articleContexts: prepare<ContextRecord>(`
      SELECT ${CONTEXT_COLUMNS} FROM article_sections asn
      JOIN sections s ON s.id = asn.section_id
      JOIN section_contexts sc ON sc.section_id = s.id JOIN contexts c ON c.id = sc.context_id
      WHERE asn.article_id = ? ORDER BY asn.position, sc.position`),
    contextPlace: prepare<{ articleId: string; sectionPosition: number; position: number }>(`
      SELECT asn.article_id AS articleId, asn.position AS sectionPosition, sc.position AS position
      FROM section_contexts sc JOIN article_sections asn ON asn.section_id = sc.section_id
      WHERE sc.context_id = ?`),
    // Walks the (article_id, position) and (section_id, position) keys outwards from the context and stops at the
    // limit, so the cost does not grow with the article (a 5,000-context textbook reads as fast as a paper).
    contextsBefore: prepare<ContextRecord>(`
      SELECT ${CONTEXT_COLUMNS} FROM article_sections asn
      JOIN sections s ON s.id = asn.section_id
      JOIN section_contexts sc ON sc.section_id = s.id JOIN contexts c ON c.id = sc.context_id
      WHERE asn.article_id = @articleId AND asn.position <= @sectionPosition
        AND (asn.position < @sectionPosition OR sc.position < @position)
      ORDER BY asn.position DESC, sc.position DESC LIMIT @limit`),
    contextsFrom: prepare<ContextRecord>(`
      SELECT ${CONTEXT_COLUMNS} FROM article_sections asn
      JOIN sections s ON s.id = asn.section_id
      JOIN section_contexts sc ON sc.section_id = s.id JOIN contexts c ON c.id = sc.context_id
      WHERE asn.article_id = @articleId AND asn.position >= @sectionPosition
        AND (asn.position > @sectionPosition OR sc.position >= @position)
      ORDER BY asn.position, sc.position LIMIT @limit`),
  };
}

/** Articles with their sections and contexts: the write path of ingestion and the reading paths of the agent. */
export class ArticlesRepository {
  private readonly statements: ReturnType<typeof prepareStatements>;
  private outlineStatement?: Database.Statement<unknown[], Omit<OutlineEntry, 'box'> & { box: string | null }>;
  /** The reference list and citation links, written in the same transaction as the article. */
  readonly references: ReferencesRepository;

  constructor(
    private readonly db: Database.Database,
    private readonly vectors: VectorIndex,
  ) {
    this.statements = prepareStatements(db);
    this.references = new ReferencesRepository(db);
  }

  /**
   * Writes the article, its sections, contexts, junctions, vectors and (by trigger) FTS rows in one transaction.
   * IMMEDIATE, as every write here: a deferred one that reads first and then writes fails with SQLITE_BUSY_SNAPSHOT,
   * without waiting, when another process (the API and `npm run worker` on one file) committed in between.
   */
  insert(input: ArticleInput): { articleId: string } {
    const s = this.statements;
    const articleId = nanoid();
    this.db
      .transaction(() => {
        if (s.byDocument.get(input.documentId) !== undefined) throw new ArticleAlreadyStoredError(input.documentId);
        s.insertArticle.run({
          id: articleId,
          numTokens: input.numTokens,
          title: input.title,
          datePublished: input.datePublished,
          journal: input.journal,
          authors: JSON.stringify(input.authors),
          doi: input.doi,
          abstract: input.abstract,
          documentId: input.documentId,
          pageCount: input.pageCount,
          createdAt: new Date().toISOString(),
          affiliations: JSON.stringify(input.affiliations ?? []),
          keywords: JSON.stringify(input.keywords ?? []),
        });
        const stored: Array<{ id: string; text: string; sectionNumber: string }> = [];
        input.sections.forEach((section, sectionPosition) => {
          const sectionId = nanoid();
          s.insertSection.run({ id: sectionId, ...pick(section, 'numTokens', 'title', 'number', 'level') });
          s.insertArticleSection.run(articleId, sectionId, sectionPosition);
          section.contexts.forEach((context, contextPosition) => {
            const contextId = nanoid();
            const embedding = this.vectors.toBlob(context.embedding);
            const { lastInsertRowid } = s.insertContext.run({
              id: contextId,
              text: context.text,
              sectionTitle: section.title,
              sectionNumber: section.number,
              numTokens: context.numTokens,
              pageNumber: context.pageNumber,
              stopReason: context.stopReason,
              embedding,
              embeddingModel: input.embeddingModel,
              kind: context.kind,
              bbox: context.box ? JSON.stringify(context.box) : null,
              textSource: context.textSource ?? 'pdf',
              ocrConfidence: context.textSource === 'ocr' ? (context.ocrConfidence ?? null) : null,
              pageStarts: encodePageStarts(context.pageStarts),
            });
            s.insertSectionContext.run(sectionId, contextId, contextPosition);
            if (isSearchedKind(context.kind)) this.vectors.add(Number(lastInsertRowid), context.embedding);
            stored.push({ id: contextId, text: context.text, sectionNumber: section.number });
          });
        });
        this.references.insert(articleId, input.references ?? [], stored);
      })
      .immediate();
    return { articleId };
  }

  /** Deletes the article and everything under it, vector rows included; false when it does not exist. */
  delete(articleId: string): boolean {
    const s = this.statements;
    return this.db
      .transaction(() => {
        if (s.byId.get(articleId) === undefined) return false;
        const seqs = s.contextSeqsOfArticle.all(articleId).map((row) => row.seq);
        for (const seq of seqs) this.vectors.remove(seq);
        // Deleting contexts fires the FTS delete trigger; junction rows go by ON DELETE CASCADE.
        s.deleteContexts.run(JSON.stringify(seqs));
        s.deleteSectionsOfArticle.run(articleId);
        s.deleteArticle.run(articleId);
        return true;
      })
      .immediate();
  }

  findById(articleId: string): ArticleRow | null {
    const row = this.statements.byId.get(articleId);
    return row ? toArticle(row) : null;
  }

  findByDocument(documentId: string): ArticleRow | null {
    const row = this.statements.byDocument.get(documentId);
    return row ? toArticle(row) : null;
  }

  list(): ArticleRow[] {
    return this.statements.all.all().map(toArticle);
  }

  stats(): CorpusStats {
    return this.statements.stats.get() as CorpusStats;
  }

  outline(articleId: string): OutlineEntry[] {
    this.outlineStatement ??= this.db.prepare(OUTLINE_SQL);
    const rows = this.outlineStatement.all(articleId).map((row) => ({ ...row, box: row.box ? (JSON.parse(row.box) as ContextBox) : null }));
    return withHeadingPages(rows);
  }

  sectionContexts(sectionId: string): ContextRow[] {
    return this.statements.sectionContexts.all(sectionId).map(toContext);
  }

  articleContexts(articleId: string): ContextRow[] {
    return this.statements.articleContexts.all(articleId).map(toContext);
  }

  contextNeighbourhood(contextId: string, before: number, after: number): ContextNeighbourhood | null {
    const place = this.statements.contextPlace.get(contextId);
    if (!place) return null;
    const preceding = this.statements.contextsBefore.all({ ...place, limit: Math.max(0, before) }).reverse();
    // The context itself and the `after` contexts following it.
    const rest = this.statements.contextsFrom.all({ ...place, limit: Math.max(0, after) + 1 });
    return { articleId: place.articleId, contexts: [...preceding, ...rest].map(toContext), index: preceding.length };
  }
}

function pick<T extends object, K extends keyof T>(value: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

import type { BibReference } from '@lectern/common';
import {
  outlineTree,
  type ArticleRow,
  type ArticleSummary,
  type CatalogDb,
  type ContextDetail,
  type DocumentRow,
  type OutlineEntry,
  type OutlineNode,
} from '@lectern/corpus';
import {
  ArticleNotFoundError,
  ContextNotFoundError,
  DocumentNotFoundError,
  ProjectNotFoundError,
  type CorpusRegistry,
} from '@lectern/ingest';
import type { ObjectStore } from '@lectern/storage';

export interface DocumentView {
  row: DocumentRow;
  /** What the document became, once ready. */
  summary?: ArticleSummary;
}

export interface ArticleOutline {
  article: Pick<ArticleRow, 'id' | 'title' | 'authors' | 'abstract' | 'doi' | 'pageCount' | 'journal' | 'datePublished'> & {
    documentId: string;
    affiliations: string[];
    keywords: string[];
    references: BibReference[];
  };
  /** Reading order, flat; each entry names its parent (`parentId`). */
  sections: OutlineEntry[];
  /** The same sections nested: top-level sections with their subsections as `children`. */
  tree: OutlineNode[];
}

/** What the API shows of documents, their articles and passages. */
export class DocumentsQuery {
  constructor(
    private readonly catalog: CatalogDb,
    private readonly corpora: CorpusRegistry,
    private readonly store: ObjectStore,
  ) {}

  list(projectId: string): DocumentView[] {
    if (!this.catalog.projects.findById(projectId)) throw new ProjectNotFoundError(projectId);
    const rows = this.catalog.documents.listByProject(projectId);
    if (!rows.some((row) => row.articleId)) return rows.map((row) => ({ row }));
    const summaries = new Map(
      this.corpora
        .get(projectId)
        .articleSummaries()
        .map((s) => [s.articleId, s]),
    );
    return rows.map((row) => ({ row, summary: row.articleId ? summaries.get(row.articleId) : undefined }));
  }

  get(id: string): DocumentView {
    const row = this.find(id);
    const summary = row.articleId ? this.corpora.get(row.projectId).articleSummary(row.articleId) : null;
    return { row, summary: summary ?? undefined };
  }

  /** The uploaded PDF as stored (object store key from the catalog, never from the request). */
  async file(id: string): Promise<{ row: DocumentRow; data: Buffer }> {
    const row = this.find(id);
    return { row, data: await this.store.get(row.storageKey) };
  }

  context(projectId: string, contextId: string): ContextDetail {
    if (!this.catalog.projects.findById(projectId)) throw new ProjectNotFoundError(projectId);
    const context = this.corpora.get(projectId).getContext(contextId);
    if (!context) throw new ContextNotFoundError(contextId);
    return context;
  }

  outline(articleId: string): ArticleOutline {
    const doc = this.catalog.documents.findByArticleId(articleId);
    if (!doc) throw new ArticleNotFoundError(articleId);
    const corpus = this.corpora.get(doc.projectId);
    const article = corpus.getArticle(articleId);
    if (!article) throw new ArticleNotFoundError(articleId);
    const { id, title, authors, abstract, doi, pageCount, journal, datePublished } = article;
    const sections = corpus.outline(articleId);
    return {
      article: {
        id,
        title,
        authors,
        abstract,
        doi,
        pageCount,
        journal,
        datePublished,
        affiliations: article.affiliations ?? [],
        keywords: article.keywords ?? [],
        references: corpus.listReferences(articleId),
        documentId: doc.id,
      },
      sections,
      tree: outlineTree(sections),
    };
  }

  private find(id: string): DocumentRow {
    const row = this.catalog.documents.findById(id);
    if (!row) throw new DocumentNotFoundError(id);
    return row;
  }
}

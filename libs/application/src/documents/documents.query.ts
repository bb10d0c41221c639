import { isIdShaped, type BibReference } from '@lectern/common';
import {
  outlineTree,
  type ArticleRow,
  type ArticleSummary,
  type CatalogDb,
  type ContextDetail,
  type ContextRow,
  type DocumentRow,
  type OutlineEntry,
  type OutlineNode,
  type SectionPlace,
} from '@lectern/corpus';
import {
  ArticleNotFoundError,
  ContextNotFoundError,
  DocumentNotFoundError,
  ProjectNotFoundError,
  type CorpusRegistry,
} from '@lectern/ingest';
import type { ObjectStore } from '@lectern/storage';
import { InvalidSectionIdError, SectionNotFoundError } from './section.errors';

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

/** One section's passages in reading order, with the section's heading, its parent's and the article (`read` for programs). */
export interface SectionContexts {
  article: { id: string; title: string; documentId: string };
  section: Omit<SectionPlace, 'articleId' | 'parentId'> & { parent: Pick<SectionPlace, 'id' | 'number' | 'title'> | null };
  contexts: Array<Pick<ContextRow, 'id' | 'kind' | 'page' | 'pageStarts' | 'text' | 'numTokens'>>;
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

  /**
   * The contexts of one section of the article, in reading order: an id of another article's section is a 404 like an
   * unknown one (the section is looked up alone, never through the article's outline).
   */
  sectionContexts(articleId: string, sectionId: string): SectionContexts {
    if (!isIdShaped(sectionId)) throw new InvalidSectionIdError(sectionId);
    const doc = this.catalog.documents.findByArticleId(articleId);
    if (!doc) throw new ArticleNotFoundError(articleId);
    const corpus = this.corpora.get(doc.projectId);
    const article = corpus.articleSummary(articleId);
    if (!article) throw new ArticleNotFoundError(articleId);
    const section = corpus.section(sectionId);
    if (!section || section.articleId !== articleId) throw new SectionNotFoundError(sectionId, articleId);
    const parent = section.parentId ? corpus.section(section.parentId) : null;
    const { id, number, title, level } = section;
    return {
      article: { id: articleId, title: article.title, documentId: doc.id },
      section: { id, number, title, level, parent: parent && { id: parent.id, number: parent.number, title: parent.title } },
      contexts: corpus.listSectionContexts(sectionId).map((c) => ({
        id: c.id,
        kind: c.kind,
        page: c.page,
        ...(c.pageStarts ? { pageStarts: c.pageStarts } : {}),
        text: c.text,
        numTokens: c.numTokens,
      })),
    };
  }

  private find(id: string): DocumentRow {
    const row = this.catalog.documents.findById(id);
    if (!row) throw new DocumentNotFoundError(id);
    return row;
  }
}

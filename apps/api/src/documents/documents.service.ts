import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import {
  CATALOG,
  CORPUS_REGISTRY,
  DOCUMENT_INTAKE,
  IngestDocument,
  IngestDocumentCommand,
  OBJECT_STORE,
  RemoveDocument,
  RemoveDocumentCommand,
} from '@lectern/application';
import type { CatalogDb, DocumentRow } from '@lectern/corpus';
import { ArticleNotFoundError, ContextNotFoundError, DocumentNotFoundError, ProjectNotFoundError, type CorpusRegistry, type DocumentIntake } from '@lectern/ingest';
import type { ObjectStore } from '@lectern/storage';
import type { ContextResponseDto } from './dto/context.response.dto';
import { DocumentResponseDto, toDocumentResponse, UploadResponseDto } from './dto/document.response.dto';
import type { OutlineResponseDto } from './dto/outline.response.dto';

@Injectable()
export class DocumentsService {
  constructor(
    private readonly ingestDocument: IngestDocument,
    private readonly removeDocument: RemoveDocument,
    @Inject(CATALOG) private readonly catalog: CatalogDb,
    @Inject(CORPUS_REGISTRY) private readonly corpora: CorpusRegistry,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    @Inject(DOCUMENT_INTAKE) private readonly intake: DocumentIntake,
  ) {}

  async upload(projectId: string, files: Express.Multer.File[] | undefined): Promise<UploadResponseDto> {
    if (!files || files.length === 0) {
      throw new BadRequestException('send one or more PDFs as multipart/form-data in the field "files"');
    }
    const incoming = files.map((f) => ({ originalName: decodeLatin1(f.originalname), data: f.buffer }));
    const result = await this.ingestDocument.execute(IngestDocumentCommand.create({ projectId, files: incoming }));
    return {
      documents: result.accepted.map((a) => ({ ...toDocumentResponse(a.document), duplicate: a.duplicate })),
      rejected: result.rejected,
    };
  }

  list(projectId: string): DocumentResponseDto[] {
    if (!this.catalog.projects.findById(projectId)) throw new ProjectNotFoundError(projectId);
    const rows = this.catalog.documents.listByProject(projectId);
    if (!rows.some((row) => row.articleId)) return rows.map((row) => toDocumentResponse(row));
    const summaries = new Map(this.corpora.get(projectId).articleSummaries().map((s) => [s.articleId, s]));
    return rows.map((row) => toDocumentResponse(row, row.articleId ? summaries.get(row.articleId) : undefined));
  }

  get(id: string): DocumentResponseDto {
    const row = this.find(id);
    const summary = row.articleId ? this.corpora.get(row.projectId).articleSummary(row.articleId) : null;
    return toDocumentResponse(row, summary ?? undefined);
  }

  /** The uploaded PDF as stored (object store key from the catalog, never from the request). */
  async file(id: string): Promise<{ document: DocumentResponseDto; data: Buffer }> {
    const row = this.find(id);
    return { document: toDocumentResponse(row), data: await this.store.get(row.storageKey) };
  }

  context(projectId: string, contextId: string): ContextResponseDto {
    if (!this.catalog.projects.findById(projectId)) throw new ProjectNotFoundError(projectId);
    const context = this.corpora.get(projectId).getContext(contextId);
    if (!context) throw new ContextNotFoundError(contextId);
    return context;
  }

  private find(id: string): DocumentRow {
    const row = this.catalog.documents.findById(id);
    if (!row) throw new DocumentNotFoundError(id);
    return row;
  }

  async remove(id: string): Promise<void> {
    await this.removeDocument.execute(RemoveDocumentCommand.create({ documentId: id }));
  }

  retry(id: string): DocumentResponseDto {
    const row = this.intake.retry(id);
    if (!row) throw new DocumentNotFoundError(id);
    return toDocumentResponse(row);
  }

  outline(articleId: string): OutlineResponseDto {
    const doc = this.catalog.documents.findByArticleId(articleId);
    if (!doc) throw new ArticleNotFoundError(articleId);
    const corpus = this.corpora.get(doc.projectId);
    const article = corpus.getArticle(articleId);
    if (!article) throw new ArticleNotFoundError(articleId);
    return {
      article: {
        id: article.id,
        title: article.title,
        authors: article.authors,
        abstract: article.abstract,
        doi: article.doi,
        pageCount: article.pageCount,
        documentId: doc.id,
      },
      sections: corpus.outline(articleId),
    };
  }
}

/** Multer hands over multipart filenames as latin1; browsers and curl send UTF-8. */
function decodeLatin1(name: string): string {
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? name : decoded;
}

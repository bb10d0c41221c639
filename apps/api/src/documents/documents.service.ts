import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { ArticleNotFoundError, ContextNotFoundError, DocumentNotFoundError, IngestRuntime, ProjectNotFoundError, removeDocument } from '@lectern/ingest';
import type { DocumentRow } from '@lectern/corpus';
import { INGEST_RUNTIME } from '../core/tokens';
import type { ContextResponseDto } from './dto/context.response.dto';
import { DocumentResponseDto, toDocumentResponse, UploadResponseDto } from './dto/document.response.dto';
import type { OutlineResponseDto } from './dto/outline.response.dto';

@Injectable()
export class DocumentsService {
  constructor(@Inject(INGEST_RUNTIME) private readonly runtime: IngestRuntime) {}

  async upload(projectId: string, files: Express.Multer.File[] | undefined): Promise<UploadResponseDto> {
    if (!files || files.length === 0) {
      throw new BadRequestException('send one or more PDFs as multipart/form-data in the field "files"');
    }
    const result = await this.runtime.intake.submit(
      projectId,
      files.map((f) => ({ originalName: decodeLatin1(f.originalname), data: f.buffer })),
    );
    return {
      documents: result.accepted.map((a) => ({ ...toDocumentResponse(a.document), duplicate: a.duplicate })),
      rejected: result.rejected,
    };
  }

  list(projectId: string): DocumentResponseDto[] {
    if (!this.runtime.catalog.projects.findById(projectId)) throw new ProjectNotFoundError(projectId);
    const rows = this.runtime.catalog.documents.listByProject(projectId);
    if (!rows.some((row) => row.articleId)) return rows.map((row) => toDocumentResponse(row));
    const summaries = new Map(this.runtime.corpora.get(projectId).articleSummaries().map((s) => [s.articleId, s]));
    return rows.map((row) => toDocumentResponse(row, row.articleId ? summaries.get(row.articleId) : undefined));
  }

  get(id: string): DocumentResponseDto {
    const row = this.find(id);
    const summary = row.articleId ? this.runtime.corpora.get(row.projectId).articleSummary(row.articleId) : null;
    return toDocumentResponse(row, summary ?? undefined);
  }

  /** The uploaded PDF as stored (object store key from the catalog, never from the request). */
  async file(id: string): Promise<{ document: DocumentResponseDto; data: Buffer }> {
    const row = this.find(id);
    return { document: toDocumentResponse(row), data: await this.runtime.store.get(row.storageKey) };
  }

  context(projectId: string, contextId: string): ContextResponseDto {
    if (!this.runtime.catalog.projects.findById(projectId)) throw new ProjectNotFoundError(projectId);
    const context = this.runtime.corpora.get(projectId).getContext(contextId);
    if (!context) throw new ContextNotFoundError(contextId);
    return context;
  }

  private find(id: string): DocumentRow {
    const row = this.runtime.catalog.documents.findById(id);
    if (!row) throw new DocumentNotFoundError(id);
    return row;
  }

  async remove(id: string): Promise<void> {
    const { catalog, store, corpora } = this.runtime;
    if (!(await removeDocument({ catalog, store, corpora }, id))) throw new DocumentNotFoundError(id);
  }

  async retry(id: string): Promise<DocumentResponseDto> {
    const row = await this.runtime.intake.retry(id);
    if (!row) throw new DocumentNotFoundError(id);
    return toDocumentResponse(row);
  }

  outline(articleId: string): OutlineResponseDto {
    const doc = this.runtime.catalog.documents.findByArticleId(articleId);
    if (!doc) throw new ArticleNotFoundError(articleId);
    const corpus = this.runtime.corpora.get(doc.projectId);
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

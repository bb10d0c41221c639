import { BadRequestException, Injectable } from '@nestjs/common';
import {
  AuditTrail,
  DocumentsQuery,
  type Principal,
  IngestDocument,
  IngestDocumentCommand,
  RemoveDocument,
  RemoveDocumentCommand,
  RetryDocument,
} from '@lectern/application';
import type { ContextResponseDto } from './dto/context.response.dto';
import { DocumentResponseDto, toDocumentResponse, UploadResponseDto } from './dto/document.response.dto';
import type { OutlineResponseDto } from './dto/outline.response.dto';
import type { SectionContextsResponseDto } from './dto/section-contexts.response.dto';

@Injectable()
export class DocumentsService {
  constructor(
    private readonly ingestDocument: IngestDocument,
    private readonly removeDocument: RemoveDocument,
    private readonly retryDocument: RetryDocument,
    private readonly documents: DocumentsQuery,
    private readonly audit: AuditTrail,
  ) {}

  async upload(projectId: string, files: Express.Multer.File[] | undefined): Promise<UploadResponseDto> {
    if (!files || files.length === 0) {
      throw new BadRequestException('send one or more PDFs as multipart/form-data in the field "files"');
    }
    const incoming = files.map((f) => ({ originalName: decodeLatin1(f.originalname), path: f.path, size: f.size }));
    const result = await this.ingestDocument.execute(IngestDocumentCommand.create({ projectId, files: incoming }));
    return {
      documents: result.accepted.map((a) => ({ ...toDocumentResponse(a.document), duplicate: a.duplicate })),
      rejected: result.rejected,
    };
  }

  list(projectId: string): DocumentResponseDto[] {
    return this.documents.list(projectId).map(({ row, summary }) => toDocumentResponse(row, summary));
  }

  get(id: string): DocumentResponseDto {
    const { row, summary } = this.documents.get(id);
    return toDocumentResponse(row, summary);
  }

  /** The uploaded PDF as stored (object store key from the catalog, never from the request). */
  async file(id: string): Promise<{ document: DocumentResponseDto; data: Buffer }> {
    const { row, data } = await this.documents.file(id);
    return { document: toDocumentResponse(row), data };
  }

  context(projectId: string, contextId: string): ContextResponseDto {
    return this.documents.context(projectId, contextId);
  }

  async remove(auth: Principal, id: string): Promise<void> {
    // The removed row names the project and file for the audit: no read (and no corpus open) before it.
    const row = await this.removeDocument.execute(RemoveDocumentCommand.create({ documentId: id }));
    this.audit.record(auth, 'document.remove', row.projectId, row.filename, { documentId: id });
  }

  /** The document, queued again, as the list shows it. */
  async retry(id: string): Promise<DocumentResponseDto> {
    await this.retryDocument.execute({ documentId: id });
    return this.get(id);
  }

  outline(articleId: string): OutlineResponseDto {
    return this.documents.outline(articleId);
  }

  sectionContexts(articleId: string, sectionId: string): SectionContextsResponseDto {
    return this.documents.sectionContexts(articleId, sectionId);
  }
}

/** Multer hands over multipart filenames as latin1; browsers and curl send UTF-8. */
function decodeLatin1(name: string): string {
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? name : decoded;
}

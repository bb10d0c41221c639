import { ApiProperty } from '@nestjs/swagger';
import type { ArticleSummary, DocumentRow, DocumentStatus } from '@lectern/application';
import { RejectedFileDto } from '../../core/dto/error.response.dto';

/** A record, so the compiler checks that every status is listed (and no other). */
const STATUSES: Record<DocumentStatus, true> = { queued: true, parsing: true, embedding: true, ready: true, failed: true };
/** Every status a document moves through, in order. */
export const DOCUMENT_STATUSES = Object.keys(STATUSES) as DocumentStatus[];

export class PageProgressDto {
  @ApiProperty({ type: Number, example: 12, description: 'The page reached (1-based).' })
  page!: number;

  @ApiProperty({ type: Number, example: 240 })
  pages!: number;

  @ApiProperty({
    enum: ['text', 'ocr'],
    enumName: 'PageStep',
    example: 'ocr',
    description: "How that page was read: from its text layer ('text') or rendered and read by OCR ('ocr').",
  })
  step!: 'text' | 'ocr';
}

export class DocumentResponseDto {
  @ApiProperty({ type: String, example: 'x2bq9Lw0aVn3kT8mZ1rYc' })
  id!: string;

  @ApiProperty({ type: String })
  projectId!: string;

  @ApiProperty({ type: String, example: 'acl-N18-3011.pdf' })
  filename!: string;

  @ApiProperty({ type: Number, example: 401234 })
  sizeBytes!: number;

  @ApiProperty({ type: String, description: 'Hex SHA-256 of the PDF; a project holds each file once.' })
  sha256!: string;

  @ApiProperty({ enum: DOCUMENT_STATUSES, enumName: 'DocumentStatus', example: 'ready' })
  status!: DocumentRow['status'];

  @ApiProperty({ type: String, nullable: true, description: 'Why the document failed; null otherwise.' })
  error!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The parsed article; null until the document is ready.' })
  articleId!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The parsed article's title; null until the document is ready (or when the paper has none).",
  })
  title!: string | null;

  @ApiProperty({ type: Number, nullable: true, example: 9 })
  pageCount!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Null until the document is ready.' })
  sectionCount!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Null until the document is ready.' })
  contextCount!: number | null;

  @ApiProperty({ type: [String], description: 'The parsers that read the document.', example: ['pdfjs'] })
  parsers!: string[];

  @ApiProperty({ type: [String], description: 'What degraded the parse (a service that timed out, …).' })
  warnings!: string[];

  @ApiProperty({
    type: PageProgressDto,
    nullable: true,
    description: 'How far the current stage has come: the page the parser reached, while parsing; null otherwise.',
  })
  progress!: PageProgressDto | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt!: string;
}

export class UploadedDocumentDto extends DocumentResponseDto {
  @ApiProperty({ type: Boolean, description: 'True when the project already held this file: the existing document is returned.' })
  duplicate!: boolean;
}

export class UploadResponseDto {
  @ApiProperty({ type: [UploadedDocumentDto] })
  documents!: UploadedDocumentDto[];

  @ApiProperty({ type: [RejectedFileDto], description: 'Files refused (not a PDF, too large, …), each with its reason.' })
  rejected!: RejectedFileDto[];
}

export function toDocumentResponse(row: DocumentRow, summary?: ArticleSummary): DocumentResponseDto {
  const { storageKey: _internal, ...rest } = row;
  return { ...rest, title: summary?.title || null, sectionCount: summary?.sections ?? null, contextCount: summary?.contexts ?? null };
}

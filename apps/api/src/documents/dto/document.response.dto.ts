import type { ArticleSummary, DocumentRow } from '@lectern/corpus';

export class DocumentResponseDto {
  id!: string;
  projectId!: string;
  filename!: string;
  sizeBytes!: number;
  sha256!: string;
  status!: DocumentRow['status'];
  error!: string | null;
  articleId!: string | null;
  /** The parsed article's title; null until the document is ready. */
  title!: string | null;
  pageCount!: number | null;
  /** Null until the document is ready. */
  sectionCount!: number | null;
  contextCount!: number | null;
  parsers!: string[];
  warnings!: string[];
  createdAt!: string;
  updatedAt!: string;
}

export class UploadResponseDto {
  documents!: Array<DocumentResponseDto & { duplicate: boolean }>;
  rejected!: Array<{ filename: string; reason: string }>;
}

export function toDocumentResponse(row: DocumentRow, summary?: ArticleSummary): DocumentResponseDto {
  const { storageKey: _internal, ...rest } = row;
  return { ...rest, title: summary?.title || null, sectionCount: summary?.sections ?? null, contextCount: summary?.contexts ?? null };
}

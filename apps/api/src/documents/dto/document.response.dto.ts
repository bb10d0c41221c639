import type { ArticleCounts, DocumentRow } from '@lectern/corpus';

export class DocumentResponseDto {
  id!: string;
  projectId!: string;
  filename!: string;
  sizeBytes!: number;
  sha256!: string;
  status!: DocumentRow['status'];
  error!: string | null;
  articleId!: string | null;
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

export function toDocumentResponse(row: DocumentRow, counts?: ArticleCounts): DocumentResponseDto {
  const { storageKey: _internal, ...rest } = row;
  return { ...rest, sectionCount: counts?.sections ?? null, contextCount: counts?.contexts ?? null };
}

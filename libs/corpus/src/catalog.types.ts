/** Rows of the catalog database, in the shape the rest of Lectern uses (camelCase, parsed JSON). */

export interface ProjectRow {
  id: string;
  name: string;
  createdAt: string;
}

export type ProjectWithCount = ProjectRow & { documentCount: number };

export type DocumentStatus = 'queued' | 'parsing' | 'embedding' | 'ready' | 'failed';

export interface DocumentRow {
  id: string;
  projectId: string;
  sha256: string;
  filename: string;
  sizeBytes: number;
  storageKey: string;
  status: DocumentStatus;
  error: string | null;
  articleId: string | null;
  pageCount: number | null;
  parsers: string[];
  warnings: string[];
  /** How far its current stage has come (page `page` of `pages` while parsing); null when nothing was reported. */
  progress: PageProgress | null;
  createdAt: string;
  updatedAt: string;
}

export interface CreateDocumentInput {
  projectId: string;
  sha256: string;
  filename: string;
  sizeBytes: number;
  storageKey: string;
}

/** Page `page` of `pages` (1-based). */
export interface PageProgress {
  page: number;
  pages: number;
  /** How page `page` was read: from its text layer, or by OCR (a row stored without it reads as a text page). */
  step: PageStep;
}

export type PageStep = 'text' | 'ocr';

export interface DocumentStatusPatch {
  /** How far the new status has come; any status written without it clears it. */
  progress?: PageProgress | null;
  error?: string | null;
  articleId?: string | null;
  pageCount?: number | null;
  parsers?: string[];
  warnings?: string[];
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobRow {
  id: string;
  documentId: string;
  projectId: string;
  status: JobStatus;
  attempts: number;
  leaseOwner: string | null;
  /** Epoch milliseconds. */
  leaseExpiresAt: number | null;
  /** Epoch milliseconds before which a queued job (backing off after a passing failure) is not claimed. */
  availableAt: number | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

export type JobCounts = Record<JobStatus, number>;

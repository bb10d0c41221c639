import type Database from 'better-sqlite3';
import { nanoid } from 'nanoid';
import type { CreateDocumentInput, DocumentRow, DocumentStatus, DocumentStatusPatch, PageProgress } from './catalog.types';
import { DuplicateDocumentError } from './errors';
import { isUniqueViolation } from './projects.repository';

interface DocumentRecord {
  id: string;
  project_id: string;
  sha256: string;
  filename: string;
  size_bytes: number;
  storage_key: string;
  status: DocumentStatus;
  error: string | null;
  article_id: string | null;
  page_count: number | null;
  parsers: string;
  warnings: string;
  progress_page: number | null;
  progress_pages: number | null;
  progress_step: string | null;
  created_at: string;
  updated_at: string;
}

function toDocument(row: DocumentRecord): DocumentRow {
  return {
    id: row.id,
    projectId: row.project_id,
    sha256: row.sha256,
    filename: row.filename,
    sizeBytes: row.size_bytes,
    storageKey: row.storage_key,
    status: row.status,
    error: row.error,
    articleId: row.article_id,
    pageCount: row.page_count,
    parsers: JSON.parse(row.parsers) as string[],
    warnings: JSON.parse(row.warnings) as string[],
    progress:
      row.progress_page !== null && row.progress_pages !== null
        ? { page: row.progress_page, pages: row.progress_pages, step: row.progress_step === 'ocr' ? 'ocr' : 'text' }
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class DocumentsRepository {
  private readonly insert: Database.Statement;
  private readonly byId: Database.Statement<[string], DocumentRecord>;
  private readonly byArticle: Database.Statement<[string], DocumentRecord>;
  private readonly byProjectAndSha: Database.Statement<[string, string], DocumentRecord>;
  private readonly byProject: Database.Statement<[string], DocumentRecord>;
  private readonly setStatus: Database.Statement;
  private readonly setStatusUnlessReady: Database.Statement;
  private readonly deleteById: Database.Statement<[string]>;
  private readonly setFailed: Database.Statement;
  private readonly setStage: Database.Statement;

  constructor(db: Database.Database) {
    this.insert = db.prepare(`
      INSERT INTO documents (id, project_id, sha256, filename, size_bytes, storage_key, status, created_at, updated_at)
      VALUES (@id, @projectId, @sha256, @filename, @sizeBytes, @storageKey, 'queued', @now, @now)`);
    this.byId = db.prepare('SELECT * FROM documents WHERE id = ?');
    this.byArticle = db.prepare('SELECT * FROM documents WHERE article_id = ?');
    this.byProjectAndSha = db.prepare('SELECT * FROM documents WHERE project_id = ? AND sha256 = ?');
    this.byProject = db.prepare('SELECT * FROM documents WHERE project_id = ? ORDER BY created_at, rowid');
    // Its jobs go with it (ON DELETE CASCADE).
    this.deleteById = db.prepare('DELETE FROM documents WHERE id = ?');
    // A field left out of the patch keeps its value; an explicit null clears it.
    const setStatus = `
      UPDATE documents SET
        status = @status,
        error = CASE WHEN @hasError THEN @error ELSE error END,
        article_id = CASE WHEN @hasArticleId THEN @articleId ELSE article_id END,
        page_count = CASE WHEN @hasPageCount THEN @pageCount ELSE page_count END,
        parsers = COALESCE(@parsers, parsers),
        warnings = COALESCE(@warnings, warnings),
        progress_page = @progressPage,
        progress_pages = @progressPages,
        progress_step = @progressStep,
        updated_at = @now
      WHERE id = @id`;
    this.setStatus = db.prepare(setStatus);
    this.setStatusUnlessReady = db.prepare(`${setStatus} AND status != 'ready'`);
    this.setFailed = db.prepare(`UPDATE documents SET status = 'failed', error = @error, updated_at = @at WHERE id = @id`);
    // A ready document is never set back, whoever asks. A stage reported without pages clears the previous stage's.
    this.setStage = db.prepare(`
      UPDATE documents SET status = @stage, progress_page = @page, progress_pages = @pages, progress_step = @step, updated_at = @at
      WHERE id = @id AND status != 'ready'`);
  }

  /** `id`: given by an import, whose articles already name their documents. */
  create(input: CreateDocumentInput, id: string = nanoid()): DocumentRow {
    try {
      this.insert.run({ ...input, id, now: new Date().toISOString() });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateDocumentError(input.projectId, input.sha256);
      throw error;
    }
    return this.findById(id) as DocumentRow;
  }

  findById(id: string): DocumentRow | null {
    const row = this.byId.get(id);
    return row ? toDocument(row) : null;
  }

  /** The document an article was made from (the article id is set when ingestion completes). */
  findByArticleId(articleId: string): DocumentRow | null {
    const row = this.byArticle.get(articleId);
    return row ? toDocument(row) : null;
  }

  findByProjectAndSha(projectId: string, sha256: string): DocumentRow | null {
    const row = this.byProjectAndSha.get(projectId, sha256);
    return row ? toDocument(row) : null;
  }

  /** Oldest first, the order they were uploaded. */
  listByProject(projectId: string): DocumentRow[] {
    return this.byProject.all(projectId).map(toDocument);
  }

  /** Returns the updated row, or null when no document has this id. */
  updateStatus(id: string, status: DocumentStatus, patch: DocumentStatusPatch = {}): DocumentRow | null {
    return this.writeStatus(this.setStatus, id, status, patch);
  }

  /**
   * As `updateStatus`, but a ready document is left as it is (null): an ingest worker that lost its job to another
   * one, even after a pause between its checks and this write, cannot set the other's finished document back.
   */
  updateStatusUnlessReady(id: string, status: DocumentStatus, patch: DocumentStatusPatch = {}): DocumentRow | null {
    return this.writeStatus(this.setStatusUnlessReady, id, status, patch);
  }

  private writeStatus(statement: Database.Statement, id: string, status: DocumentStatus, patch: DocumentStatusPatch): DocumentRow | null {
    const result = statement.run({
      id,
      status,
      hasError: patch.error !== undefined ? 1 : 0,
      error: patch.error ?? null,
      hasArticleId: patch.articleId !== undefined ? 1 : 0,
      articleId: patch.articleId ?? null,
      hasPageCount: patch.pageCount !== undefined ? 1 : 0,
      pageCount: patch.pageCount ?? null,
      parsers: patch.parsers ? JSON.stringify(patch.parsers) : null,
      warnings: patch.warnings ? JSON.stringify(patch.warnings) : null,
      progressPage: patch.progress?.page ?? null,
      progressPages: patch.progress?.pages ?? null,
      progressStep: patch.progress?.step ?? null,
      now: new Date().toISOString(),
    });
    return result.changes === 0 ? null : this.findById(id);
  }

  /** Fails a document whose job the queue gave up on; its last reported progress stays (the queue's clock sets `at`). */
  failStopped(id: string, error: string, at: string): void {
    this.setFailed.run({ id, error, at });
  }

  /** Shows the stage a document's job reports (the queue checks the job's lease in the same transaction). */
  showStage(id: string, stage: DocumentStatus, progress: PageProgress | null, at: string): void {
    const { page = null, pages = null, step = null } = progress ?? {};
    this.setStage.run({ id, stage, page, pages, step, at });
  }

  /** False when no document has this id. */
  delete(id: string): boolean {
    return this.deleteById.run(id).changes > 0;
  }
}

import { DomainError } from '@lectern/common';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DuplicateDocumentError, type CatalogDb, type DocumentRow } from '@lectern/corpus';
import { assertPdfBytes } from '@lectern/parsing';
import { documentObjectKey, type ObjectStore } from '@lectern/storage';
import { DocumentNotRetryableError, FileTooLargeError, ProjectNotFoundError, UploadRejectedError } from './errors';
import { cleanFilename } from './filename';
import { withObjectKeyLock } from './object-key-lock';
import type { JobQueue, JobTarget } from './queue/job-queue';

export interface IncomingFile {
  originalName: string | undefined;
  /** The bytes, or (`path`, `size`) a temp file read only once the size is known to be within the limit. */
  data?: Buffer;
  path?: string;
  size?: number;
}

export interface AcceptedDocument {
  document: DocumentRow;
  /** The same bytes were already in the project; nothing new was queued unless it had failed. */
  duplicate: boolean;
}

export interface IntakeResult {
  accepted: AcceptedDocument[];
  rejected: Array<{ filename: string; reason: string }>;
}

/** Takes uploaded files into a project: checks each one, stores it, and queues it; bad files never stop the rest. */
export class DocumentIntake {
  constructor(
    private readonly catalog: CatalogDb,
    private readonly queue: JobQueue,
    private readonly store: ObjectStore,
    private readonly maxUploadBytes: number,
    private readonly onQueued: () => void = () => undefined,
  ) {}

  async submit(projectId: string, files: IncomingFile[]): Promise<IntakeResult> {
    if (!this.catalog.projects.findById(projectId)) throw new ProjectNotFoundError(projectId);
    const result: IntakeResult = { accepted: [], rejected: [] };
    for (const file of files) {
      const label = file.originalName ?? 'document.pdf';
      try {
        result.accepted.push(await this.submitOne(projectId, file));
      } catch (error) {
        // A project deleted mid-upload fails the whole request (404), not one file.
        if (!(error instanceof Error) || !isInputError(error) || error instanceof ProjectNotFoundError) throw error;
        result.rejected.push({ filename: label, reason: error.message });
      }
    }
    if (result.accepted.length === 0 && result.rejected.length > 0) throw new UploadRejectedError(result.rejected);
    if (result.accepted.some((a) => a.document.status === 'queued')) this.onQueued();
    return result;
  }

  /** Puts a failed document back in the queue (after a fix to Lectern, or a transient error); any other is refused. */
  async retry(documentId: string): Promise<DocumentRow | null> {
    const doc = this.catalog.documents.findById(documentId);
    if (!doc) return null;
    if (doc.status !== 'failed') throw new DocumentNotRetryableError(documentId, doc.status);
    await this.requeue(doc);
    this.onQueued();
    return this.catalog.documents.findById(documentId);
  }

  private async submitOne(projectId: string, file: IncomingFile): Promise<AcceptedDocument> {
    const filename = cleanFilename(file.originalName);
    if ((file.data?.length ?? file.size ?? 0) > this.maxUploadBytes) {
      throw new FileTooLargeError(`the file is larger than the ${Math.round(this.maxUploadBytes / 1048576)} MB limit (MAX_UPLOAD_MB)`);
    }
    const data = file.data ?? (file.path ? await readFile(file.path) : Buffer.alloc(0));
    assertPdfBytes(data);
    const sha256 = createHash('sha256').update(data).digest('hex');
    const storageKey = documentObjectKey(projectId, sha256);
    return withObjectKeyLock(storageKey, () => this.storeAndQueue(projectId, filename, data, sha256, storageKey));
  }

  private async storeAndQueue(
    projectId: string,
    filename: string,
    data: Buffer,
    sha256: string,
    storageKey: string,
  ): Promise<AcceptedDocument> {
    const existing = this.catalog.documents.findByProjectAndSha(projectId, sha256);
    if (existing) {
      if (existing.status === 'failed') await this.requeue(existing);
      return { document: this.catalog.documents.findById(existing.id) ?? existing, duplicate: true };
    }
    await this.store.put(storageKey, data, { contentType: 'application/pdf', sha256 });
    let document: DocumentRow;
    try {
      document = this.catalog.documents.create({ projectId, sha256, filename, sizeBytes: data.length, storageKey });
    } catch (error) {
      // Two uploads of the same bytes raced past the check above: the loser reports the winner's document.
      const winner = error instanceof DuplicateDocumentError && this.catalog.documents.findByProjectAndSha(projectId, sha256);
      if (winner) return { document: winner, duplicate: true };
      // The project was deleted while the file was being stored: nothing of the upload may stay behind.
      if (!this.catalog.projects.findById(projectId)) {
        await this.store.delete(storageKey);
        throw new ProjectNotFoundError(projectId);
      }
      throw error;
    }
    try {
      await this.queue.enqueue(jobTargetOf(document));
    } catch (error) {
      // A document without a job would wait forever: undo it, so the same upload can be tried again.
      this.catalog.documents.delete(document.id);
      throw error;
    }
    return { document, duplicate: false };
  }

  /** The document is marked queued before its job is, so a worker that takes the job at once is not set back. */
  private async requeue(doc: DocumentRow): Promise<void> {
    this.catalog.documents.updateStatus(doc.id, 'queued', { error: null });
    try {
      await this.queue.retry(jobTargetOf(doc));
    } catch (error) {
      this.catalog.documents.updateStatus(doc.id, 'failed', { error: doc.error });
      throw error;
    }
  }
}

/** The file itself is at fault (name, size, not a readable PDF): it is refused alone, with the error's message. */
function isInputError(error: Error): boolean {
  return error instanceof DomainError && error.permanent && error.exposable && error.status < 500;
}

/** What a job carries: the document, and where its PDF is, for workers that cannot read the catalog (docs/scaling.md). */
export function jobTargetOf(doc: DocumentRow): JobTarget {
  return { documentId: doc.id, projectId: doc.projectId, storageKey: doc.storageKey, filename: doc.filename };
}

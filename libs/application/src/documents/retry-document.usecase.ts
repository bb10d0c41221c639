import type { DocumentRow } from '@lectern/corpus';
import { DocumentNotFoundError, type DocumentIntake } from '@lectern/ingest';

/** Puts a failed document back in the queue (after a fix to Lectern, or a transient error); any other is a 409. */
export class RetryDocument {
  constructor(private readonly intake: DocumentIntake) {}

  async execute(command: { documentId: string }): Promise<DocumentRow> {
    const row = await this.intake.retry(command.documentId);
    if (!row) throw new DocumentNotFoundError(command.documentId);
    return row;
  }
}

import type { DocumentIntake, IntakeResult } from '@lectern/ingest';
import type { IngestDocumentCommand } from './ingest-document.command';

/**
 * Takes files into a project: each is checked, stored and queued for the worker; bad files never stop the rest.
 * `POST /projects/:id/documents` and `lectern ingest`.
 */
export class IngestDocument {
  constructor(private readonly intake: DocumentIntake) {}

  execute(command: IngestDocumentCommand): Promise<IntakeResult> {
    return this.intake.submit(
      command.projectId,
      command.files.map((file) => ({ originalName: file.originalName, data: file.data, path: file.path, size: file.size })),
    );
  }
}

import { z } from 'zod';
import { DocumentNotFoundError } from '@lectern/ingest';
import { parseCommand } from '../command';

/** Any string: an id that names no document is DocumentNotFoundError when the use case runs. */
const schema = z.object({ documentId: z.string() });

/** A document to take out of its project. */
export class RemoveDocumentCommand {
  readonly documentId!: string;

  private constructor(fields: z.output<typeof schema>) {
    Object.assign(this, fields);
  }

  static create(input: z.input<typeof schema>): RemoveDocumentCommand {
    return new RemoveDocumentCommand(parseCommand(schema, input, DocumentNotFoundError));
  }
}

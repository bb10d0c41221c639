import { z } from 'zod';
import { UploadRejectedError } from '@lectern/ingest';
import { idSchema, parseCommand } from '../command';

const schema = z.object({
  projectId: idSchema,
  files: z
    .array(
      z
        .object({
          originalName: z.string().optional(),
          data: z.instanceof(Buffer).optional(),
          path: z.string().optional(),
          size: z.number().optional(),
        })
        .refine((f) => f.data !== undefined || f.size !== undefined, { message: 'each file needs its bytes, or its size and temp file' }),
    )
    .min(1, { message: 'must hold at least one file' }),
});

export type IngestDocumentInput = z.input<typeof schema>;

/** Files to add to a project (each checked by the intake: PDF, size, name). */
export class IngestDocumentCommand {
  readonly projectId!: string;
  /** Bytes in memory (the CLI), or a temp file and its size (the API streams uploads to disk; no path: over the limit). */
  readonly files!: ReadonlyArray<{ originalName?: string; data?: Buffer; path?: string; size?: number }>;

  private constructor(fields: z.output<typeof schema>) {
    Object.assign(this, fields);
  }

  static create(input: IngestDocumentInput): IngestDocumentCommand {
    return new IngestDocumentCommand(parseCommand(schema, input, InvalidIngestCommandError));
  }
}

/** A malformed ingest command (no files): reported like an upload whose every file was refused. */
class InvalidIngestCommandError extends UploadRejectedError {
  constructor(message: string) {
    super([{ filename: '(none)', reason: message }]);
  }
}

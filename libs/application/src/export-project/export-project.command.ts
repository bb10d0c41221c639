import * as path from 'node:path';
import { z } from 'zod';
import { InvalidFilenameError } from '@lectern/ingest';
import { idSchema, parseCommand } from '../command';

const schema = z.object({
  projectId: idSchema,
  /** Where to write the snapshot: an absolute path to a file that does not exist yet. */
  file: z.string().refine((file) => path.isAbsolute(file), { message: 'must be an absolute path' }),
  /** Carry the ready documents' PDFs in the file, so an import brings the source view along. */
  withPdfs: z.boolean().default(false),
});

export type ExportProjectInput = z.input<typeof schema>;

/** A project's corpus to write as one SQLite file. */
export class ExportProjectCommand {
  readonly projectId!: string;
  readonly file!: string;
  readonly withPdfs!: boolean;

  private constructor(fields: z.output<typeof schema>) {
    Object.assign(this, fields);
  }

  static create(input: ExportProjectInput): ExportProjectCommand {
    return new ExportProjectCommand(parseCommand(schema, input, InvalidFilenameError));
  }
}

import * as path from 'node:path';
import { z } from 'zod';
import { InvalidInputError } from '@lectern/common';
import { parseCommand, type FieldLabel } from '../command';

const schema = z.object({
  /** The export to read: an absolute path. */
  file: z.string().refine((file) => path.isAbsolute(file), { message: 'must be an absolute path' }),
  /** The new project's name: unique, trimmed, no control characters. */
  name: z
    .string()
    .transform((name) => name.trim())
    .refine((name) => name.length >= 1 && name.length <= 100, { message: 'must be 1 to 100 characters' })
    .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), { message: 'must not contain control characters' }),
  /** With another embedding model configured: re-embed after the import (default), or refuse (false). */
  reembed: z.boolean().default(true),
});

export type ImportProjectInput = z.input<typeof schema>;

export class InvalidImportError extends InvalidInputError {
  override readonly name = 'InvalidImportError';
}

/** An export file to make into a new project. */
export class ImportProjectCommand {
  readonly file!: string;
  readonly name!: string;
  readonly reembed!: boolean;

  private constructor(fields: z.output<typeof schema>) {
    Object.assign(this, fields);
  }

  static create(input: ImportProjectInput, label?: FieldLabel): ImportProjectCommand {
    return new ImportProjectCommand(parseCommand(schema, input, InvalidImportError, label));
  }
}

import { z } from 'zod';
import { InvalidInputError } from '@lectern/common';
import { idSchema, intFromTo, parseCommand, type FieldLabel } from '../command';

/** Contexts per embedding call and staging transaction: enough to keep a model busy, few enough to show progress. */
export const MAX_REEMBED_BATCH = 1024;

const schema = z.object({
  projectId: idSchema,
  /** The model to re-embed with; unset: the configured EMBEDDING_MODEL. `lectern/lexical-hash-v1` is the lexical embedder. */
  model: idSchema.optional(),
  batchSize: intFromTo(1, MAX_REEMBED_BATCH).optional(),
});

export type ReembedProjectInput = z.input<typeof schema>;

/** A re-embed request whose fields are not valid (an empty model id, a batch size out of range). */
export class InvalidReembedError extends InvalidInputError {
  override readonly name = 'InvalidReembedError';
}

/** A project's corpus to re-embed under another embedding model. */
export class ReembedProjectCommand {
  readonly projectId!: string;
  readonly model?: string;
  readonly batchSize?: number;

  private constructor(fields: z.output<typeof schema>) {
    Object.assign(this, fields);
  }

  /** Throws InvalidReembedError naming the first bad field (`label` names it as the caller does, e.g. `--model`). */
  static create(input: ReembedProjectInput, label?: FieldLabel): ReembedProjectCommand {
    return new ReembedProjectCommand(parseCommand(schema, input, InvalidReembedError, label));
  }
}

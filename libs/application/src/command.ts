import { z } from 'zod';
import { SEARCH_MODES, type SearchMode } from '@lectern/retrieval';

/** How a field is named in an error: the API says `k`, the CLI says `--k`. */
export type FieldLabel = (field: string) => string;

/**
 * Checks a command's input against its schema; the first problem becomes the use case's named error, worded
 * "<field> <problem>" with the caller's name for the field.
 */
export function parseCommand<S extends z.ZodTypeAny>(
  schema: S,
  input: unknown,
  error: new (message: string) => Error,
  label: FieldLabel = (field) => field,
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new error(`${label(issue.path.join('.'))} ${issue.message}`);
}

/** A search mode, named in the message when it is not one. */
export const searchModeSchema = z.string().transform((mode, ctx): SearchMode => {
  if (!(SEARCH_MODES as readonly string[]).includes(mode)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be ${modeList()} (got ${JSON.stringify(mode)})` });
    return z.NEVER;
  }
  return mode as SearchMode;
});

export function intFromTo(min: number, max: number) {
  const message = `must be from ${min} to ${max}`;
  return z.number({ invalid_type_error: message }).int({ message }).min(min, { message }).max(max, { message });
}

export const nonEmptyText = (max: number) =>
  z
    .string()
    .refine((text) => text.trim().length > 0, { message: 'must not be empty' })
    .refine((text) => text.length <= max, { message: `must be at most ${max} characters` });

export const idSchema = z.string().refine((id) => id.trim().length > 0, { message: 'must not be empty' });

function modeList(): string {
  return `${SEARCH_MODES.slice(0, -1).join(', ')} or ${SEARCH_MODES[SEARCH_MODES.length - 1]}`;
}

import { z } from 'zod';
import { idSchema, parseCommand, type FieldLabel } from '../command';
import { InvalidConversationError } from './conversation.errors';

export const MAX_CONVERSATION_TITLE = 200;
/** A conversation made without a title is called this until its first question names it. */
export const UNTITLED_CONVERSATION = 'New conversation';

const title = z
  .string({ invalid_type_error: 'must be a string' })
  .transform((text) => text.replace(/\s+/g, ' ').trim())
  .refine((text) => text.length > 0, { message: 'must not be empty' })
  .refine((text) => text.length <= MAX_CONVERSATION_TITLE, { message: `must be at most ${MAX_CONVERSATION_TITLE} characters` });

const schema = z.object({ projectId: idSchema, title: title.optional() });

/** A new conversation, or a new title for one. */
export class ConversationTitleCommand {
  readonly projectId!: string;
  readonly title?: string;

  private constructor(fields: z.output<typeof schema>) {
    Object.assign(this, fields);
  }

  static create(input: z.input<typeof schema>, label?: FieldLabel): ConversationTitleCommand {
    return new ConversationTitleCommand(parseCommand(schema, input, InvalidConversationError, label));
  }
}

import { z } from 'zod';
import { InvalidSearchError, type SearchMode } from '@lectern/retrieval';
import { idSchema, intFromTo, nonEmptyText, parseCommand, searchModeSchema, type FieldLabel } from '../command';
import { CHAT_ROLES, EXPAND_MODES, MAX_ANSWER_K, MAX_CHAT_MESSAGE_CHARS, MAX_CHAT_MESSAGES, MAX_MULTI_QUERY_N } from '../search-limits';
import { articleIdsSchema } from '../article-scope/article-scope';

const schema = z.object({
  projectId: idSchema,
  question: nonEmptyText(MAX_CHAT_MESSAGE_CHARS),
  /** The conversation before the question, oldest first. */
  history: z
    .array(z.object({ role: z.enum(CHAT_ROLES), content: z.string().max(MAX_CHAT_MESSAGE_CHARS) }))
    .max(MAX_CHAT_MESSAGES - 1, { message: `must hold at most ${MAX_CHAT_MESSAGES - 1} messages` })
    .default([]),
  mode: searchModeSchema.optional(),
  k: intFromTo(1, MAX_ANSWER_K).optional(),
  expand: z.enum(EXPAND_MODES, { message: `must be ${EXPAND_MODES.join(' or ')}` }).optional(),
  multiQuery: z.union([z.boolean(), z.object({ n: intFromTo(1, MAX_MULTI_QUERY_N) }).strict()]).optional(),
  filter: z.boolean().optional(),
  rerank: z.boolean().optional(),
  articleIds: articleIdsSchema.optional(),
  conversationId: idSchema.optional(),
  /** Who asks: a conversation is only theirs to append to (null: no signed-in user). */
  userId: z.string().nullable().optional(),
});

export type AskQuestionInput = z.input<typeof schema>;

/** One question to a project, with the conversation before it and how to retrieve for it. */
export class AskQuestionCommand {
  readonly projectId!: string;
  readonly question!: string;
  readonly history!: ReadonlyArray<{ role: 'user' | 'assistant'; content: string }>;
  /** Unset: the embedder's default mode (keyword with the lexical embedder, else hybrid). */
  readonly mode?: SearchMode;
  readonly k?: number;
  readonly expand?: 'parent' | 'none';
  readonly multiQuery?: boolean | { n: number };
  readonly filter?: boolean;
  readonly rerank?: boolean;
  /** Answer from these articles only (unset: the whole project). */
  readonly articleIds?: string[];
  /** Append the question and its answer to this conversation of the project. */
  readonly conversationId?: string;
  /** Who asks; a conversation is found only among theirs. */
  readonly userId?: string | null;

  private constructor(fields: z.output<typeof schema>) {
    Object.assign(this, fields);
  }

  /** Throws InvalidSearchError naming the first bad field (`label` names it as the caller does, e.g. `--k`). */
  static create(input: AskQuestionInput, label?: FieldLabel): AskQuestionCommand {
    return new AskQuestionCommand(parseCommand(schema, input, InvalidSearchError, label));
  }
}

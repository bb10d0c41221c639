import { z } from 'zod';
import { InvalidExploreError } from '@lectern/agent';
import { idSchema, intFromTo, nonEmptyText, parseCommand, type FieldLabel } from '../command';
import { MAX_EXPLORE_STEPS, MAX_QUERY_LENGTH } from '../search-limits';
import { articleIdsSchema } from '../article-scope/article-scope';

const fields = z.object({
  projectId: idSchema,
  question: nonEmptyText(MAX_QUERY_LENGTH),
  articleId: idSchema.optional(),
  articleIds: articleIdsSchema.optional(),
  maxSteps: intFromTo(1, MAX_EXPLORE_STEPS).optional(),
  /** Append the question and its finished answer to this conversation (the caller's own). */
  conversationId: idSchema.optional(),
  /** Who asks: a conversation is found only among this user's (null: the project's unowned ones). */
  userId: z.string().nullable().optional(),
  /** LLM navigator only: stream the model's text as `token` events. */
  stream: z.boolean().default(false),
});

// Where to start must be inside the scope: the agent could not open it otherwise.
const schema = fields.refine((f) => !f.articleId || !f.articleIds || f.articleIds.includes(f.articleId), {
  message: 'must be one of articleIds when both are given',
  path: ['articleId'],
});

export type ExploreInput = z.input<typeof schema>;

/** A question for the agent that reads a project's papers section by section. */
export class ExploreCommand {
  readonly projectId!: string;
  readonly question!: string;
  readonly articleId?: string;
  /** Search and read only these articles (unset: the whole project; `articleId` alone only says where to start). */
  readonly articleIds?: string[];
  readonly maxSteps?: number;
  readonly conversationId?: string;
  readonly userId?: string | null;
  readonly stream!: boolean;

  private constructor(fields: z.output<typeof schema>) {
    Object.assign(this, fields);
  }

  /** Throws InvalidExploreError naming the first bad field. */
  static create(input: ExploreInput, label?: FieldLabel): ExploreCommand {
    return new ExploreCommand(parseCommand(schema, input, InvalidExploreError, label));
  }
}

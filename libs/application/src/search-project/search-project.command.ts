import { z } from 'zod';
import { InvalidSearchError, type SearchMode } from '@lectern/retrieval';
import { idSchema, intFromTo, nonEmptyText, parseCommand, searchModeSchema, type FieldLabel } from '../command';
import { MAX_QUERY_LENGTH, MAX_SEARCH_RESULTS } from '../search-limits';
import { articleIdsSchema } from '../article-scope/article-scope';

const schema = z.object({
  projectId: idSchema,
  query: nonEmptyText(MAX_QUERY_LENGTH),
  mode: searchModeSchema.optional(),
  k: intFromTo(1, MAX_SEARCH_RESULTS).optional(),
  articleIds: articleIdsSchema.optional(),
});

export type SearchProjectInput = z.input<typeof schema>;

/** A search of one project's contexts. */
export class SearchProjectCommand {
  readonly projectId!: string;
  readonly query!: string;
  /** Unset: the embedder's default mode. */
  readonly mode?: SearchMode;
  readonly k?: number;
  /** Only these articles' contexts (unset: the whole project). */
  readonly articleIds?: string[];

  private constructor(fields: z.output<typeof schema>) {
    Object.assign(this, fields);
  }

  /** Throws InvalidSearchError naming the first bad field. */
  static create(input: SearchProjectInput, label?: FieldLabel): SearchProjectCommand {
    return new SearchProjectCommand(parseCommand(schema, input, InvalidSearchError, label));
  }
}

import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';
import { MAX_SCOPE_ARTICLES } from '@lectern/application';

/** What is wrong with `articleIds`, first problem only, or null: separate validators each reported a non-array. */
function articleIdsProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'articleIds must be an array of article ids';
  if (value.length < 1) return 'articleIds must name at least one article (leave it out to search the whole project)';
  if (value.length > MAX_SCOPE_ARTICLES) return `articleIds must name at most ${MAX_SCOPE_ARTICLES} articles`;
  if (value.some((id) => typeof id !== 'string')) return 'each of articleIds must be a string';
  if (value.some((id: string) => !/\S/.test(id))) return 'articleIds must not hold an empty id';
  return null;
}

/** `articleIds` on search, chat and explore: ask about some papers only. Ids not in the project are a 404. */
export function ArticleIdsProperty(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: [String],
      minItems: 1,
      maxItems: MAX_SCOPE_ARTICLES,
      description: "Search only these articles of the project (ids as in a document's `articleId`). Leave it out for the whole project.",
      example: ['a1b2c3'],
    }),
    IsOptional(),
    ValidateBy({
      name: 'isArticleIds',
      validator: {
        validate: (value: unknown) => articleIdsProblem(value) === null,
        defaultMessage: (args) => articleIdsProblem(args?.value) ?? 'articleIds is invalid',
      },
    }),
  );
}

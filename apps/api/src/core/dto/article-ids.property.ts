import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';
import { articleIdsProblem, MAX_SCOPE_ARTICLES } from '@lectern/application';

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
    // One validator with the commands' own rules: separate ones each reported a non-array, in other words.
    ValidateBy({
      name: 'isArticleIds',
      validator: {
        validate: (value: unknown) => articleIdsProblem(value) === null,
        defaultMessage: (args) => `${args?.property ?? 'articleIds'} ${articleIdsProblem(args?.value) ?? 'is invalid'}`,
      },
    }),
  );
}

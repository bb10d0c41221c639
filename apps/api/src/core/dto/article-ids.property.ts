import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsString, Matches } from 'class-validator';
import { MAX_SCOPE_ARTICLES } from '@lectern/application';

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
    IsArray({ message: 'articleIds must be a list of article ids' }),
    ArrayMinSize(1, { message: 'articleIds must name at least one article (leave it out to search the whole project)' }),
    ArrayMaxSize(MAX_SCOPE_ARTICLES, { message: `articleIds must name at most ${MAX_SCOPE_ARTICLES} articles` }),
    IsString({ each: true, message: 'each of articleIds must be a string' }),
    Matches(/\S/, { each: true, message: 'articleIds must not hold an empty id' }),
  );
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_EXPLORE_STEPS, MAX_QUERY_LENGTH } from '@lectern/application';
import { ArticleIdsProperty } from '../../core/dto/article-ids.property';

export class ExploreRequestDto {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: MAX_QUERY_LENGTH,
    description: 'Not blank.',
    example: 'What baselines did they consider for causality prediction?',
  })
  @IsString()
  @MaxLength(MAX_QUERY_LENGTH)
  @Matches(/\S/, { message: 'question must not be empty' })
  question!: string;

  @ApiPropertyOptional({ type: String, description: 'Read this article only; by default the agent searches the whole project.' })
  @IsOptional()
  @IsString()
  @Matches(/\S/, { message: 'articleId must not be empty' })
  articleId?: string;

  @ArticleIdsProperty()
  articleIds?: string[];

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_EXPLORE_STEPS, description: 'The step budget of the loop.', example: 8 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_EXPLORE_STEPS)
  maxSteps?: number;

  @ApiPropertyOptional({
    type: String,
    description: 'Append the question and its finished answer (citations and steps) to this conversation of the project.',
  })
  @IsOptional()
  @IsString()
  @Matches(/\S/, { message: 'conversationId must not be empty' })
  conversationId?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Answer as server-sent events (step*, token*, answer, done | error) instead of one JSON body.',
    example: false,
  })
  @IsOptional()
  @IsBoolean()
  stream?: boolean;
}

import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_EXPLORE_STEPS, MAX_QUERY_LENGTH } from '@lectern/application';

export class ExploreRequestDto {
  @IsString()
  @MaxLength(MAX_QUERY_LENGTH)
  @Matches(/\S/, { message: 'question must not be empty' })
  question!: string;

  @IsOptional()
  @IsString()
  @Matches(/\S/, { message: 'articleId must not be empty' })
  articleId?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_EXPLORE_STEPS)
  maxSteps?: number;

  @IsOptional()
  @IsBoolean()
  stream?: boolean;
}

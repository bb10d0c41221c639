import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_QUERY_LENGTH, MAX_SEARCH_RESULTS, SEARCH_MODES, type SearchMode } from '@lectern/application';
import { ArticleIdsProperty } from '../../core/dto/article-ids.property';

export class SearchRequestDto {
  @ApiProperty({ type: String, maxLength: 1000, example: 'entity linking' })
  @IsString()
  @MaxLength(MAX_QUERY_LENGTH)
  query!: string;

  @ApiPropertyOptional({
    enum: SEARCH_MODES,
    enumName: 'SearchMode',
    description:
      'standard: vector k-NN; keyword: FTS5 BM25; hybrid: both fused. Default: hybrid with model embeddings, keyword with the lexical ones.',
  })
  @IsOptional()
  @IsIn(SEARCH_MODES)
  mode?: SearchMode;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 500, description: 'How many contexts to return.', example: 10 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SEARCH_RESULTS)
  k?: number;

  @ArticleIdsProperty()
  articleIds?: string[];
}

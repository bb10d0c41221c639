import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_QUERY_LENGTH, MAX_SEARCH_RESULTS, SEARCH_MODES, type SearchMode } from '@lectern/application';

export class SearchRequestDto {
  @IsString()
  @MaxLength(MAX_QUERY_LENGTH)
  query!: string;

  @IsOptional()
  @IsIn(SEARCH_MODES)
  mode?: SearchMode;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SEARCH_RESULTS)
  k?: number;
}

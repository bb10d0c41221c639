import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const SEARCH_MODES = ['hybrid', 'standard', 'keyword'] as const;

export class SearchRequestDto {
  @IsString()
  @MaxLength(1000)
  query!: string;

  @IsOptional()
  @IsIn(SEARCH_MODES)
  mode?: (typeof SEARCH_MODES)[number];

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(500)
  k?: number;
}

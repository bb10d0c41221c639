export class SearchResultDto {
  contextId!: string;
  text!: string;
  score!: number;
  page!: number;
  kind!: string;
  article!: { id: string; title: string };
  section!: { id: string; number: string; title: string };
}

export class SearchResponseDto {
  mode!: string;
  results!: SearchResultDto[];
}

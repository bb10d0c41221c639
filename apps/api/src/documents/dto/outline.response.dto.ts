export class OutlineSectionDto {
  id!: string;
  number!: string;
  title!: string;
  level!: number;
  position!: number;
  numTokens!: number;
  contextCount!: number;
  pageStart!: number | null;
  pageEnd!: number | null;
}

export class OutlineResponseDto {
  article!: {
    id: string;
    title: string;
    authors: string[];
    abstract: string;
    doi: string | null;
    pageCount: number;
    documentId: string;
  };
  sections!: OutlineSectionDto[];
}

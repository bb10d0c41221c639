import { ApiProperty } from '@nestjs/swagger';

export class OutlineSectionDto {
  @ApiProperty({ type: String })
  id!: string;

  @ApiProperty({
    type: String,
    description: "The paper's own numbering (`2.1`), the ordinal where it has none, `ref` for the references.",
    example: '2.1',
  })
  number!: string;

  @ApiProperty({ type: String, example: 'Related Work' })
  title!: string;

  @ApiProperty({ type: Number, description: '1 for a top-level section.', example: 2 })
  level!: number;

  @ApiProperty({ type: Number, description: '0-based reading order.' })
  position!: number;

  @ApiProperty({ type: Number })
  numTokens!: number;

  @ApiProperty({ type: Number })
  contextCount!: number;

  @ApiProperty({ type: Number, nullable: true })
  pageStart!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  pageEnd!: number | null;

  @ApiProperty({
    type: Number,
    description: "Contexts whose text OCR read off the page image (text_source 'ocr'); 0: all from the PDF's text layer.",
  })
  ocrContexts!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Mean OCR confidence (0–100) of those contexts; null when none.' })
  ocrConfidence!: number | null;
}

export class OutlineArticleDto {
  @ApiProperty({ type: String })
  id!: string;

  @ApiProperty({ type: String })
  title!: string;

  @ApiProperty({ type: [String] })
  authors!: string[];

  @ApiProperty({ type: String })
  abstract!: string;

  @ApiProperty({ type: String, nullable: true })
  doi!: string | null;

  @ApiProperty({ type: Number })
  pageCount!: number;

  @ApiProperty({ type: String })
  documentId!: string;
}

export class OutlineResponseDto {
  @ApiProperty({ type: OutlineArticleDto })
  article!: OutlineArticleDto;

  @ApiProperty({ type: [OutlineSectionDto], description: 'In reading order.' })
  sections!: OutlineSectionDto[];
}

import { ApiProperty } from '@nestjs/swagger';
import { ContextBoxDto } from './context.response.dto';

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

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The section this one belongs to: the nearest earlier section with a lower level; null at the top level.',
  })
  parentId!: string | null;

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

  @ApiProperty({
    type: ContextBoxDto,
    nullable: true,
    description:
      "Where the section's first passage starts, in PDF points from its page's top-left (the heading sits just above); null when unknown.",
  })
  box!: ContextBoxDto | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The start of the section's first passage (at most 160 characters); null for a section without text.",
  })
  lead!: string | null;
}

export class OutlineNodeDto extends OutlineSectionDto {
  @ApiProperty({ type: () => [OutlineNodeDto], description: 'Subsections, in reading order.' })
  children!: OutlineNodeDto[];
}

export class ReferenceDto {
  @ApiProperty({ type: Number, description: '0-based printed order.' })
  position!: number;

  @ApiProperty({ type: String, nullable: true, description: 'What numeric in-text markers use ("12" for "[12]").' })
  label!: string | null;

  @ApiProperty({ type: String, description: 'The reference as printed.' })
  raw!: string;

  @ApiProperty({ type: [String] })
  authors!: string[];

  @ApiProperty({ type: String, nullable: true })
  title!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  year!: number | null;

  @ApiProperty({ type: String, nullable: true })
  venue!: string | null;

  @ApiProperty({ type: String, nullable: true })
  doi!: string | null;
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

  @ApiProperty({ type: String, nullable: true })
  journal!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'ISO date, year-month or year, as printed.' })
  datePublished!: string | null;

  @ApiProperty({ type: [String], description: 'Affiliations printed under the authors, markers removed.' })
  affiliations!: string[];

  @ApiProperty({ type: [String] })
  keywords!: string[];

  @ApiProperty({ type: [ReferenceDto], description: 'The reference list as data, in printed order.' })
  references!: ReferenceDto[];

  @ApiProperty({ type: String })
  documentId!: string;
}

export class OutlineResponseDto {
  @ApiProperty({ type: OutlineArticleDto })
  article!: OutlineArticleDto;

  @ApiProperty({ type: [OutlineSectionDto], description: 'In reading order, flat; `parentId` and `level` give the hierarchy.' })
  sections!: OutlineSectionDto[];

  @ApiProperty({
    type: [OutlineNodeDto],
    description: 'The same sections as a tree: top-level sections with their subsections as `children`.',
  })
  tree!: OutlineNodeDto[];
}

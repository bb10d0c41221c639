import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ContextKind } from '@lectern/application';

/** A record, so the compiler checks that every kind is listed (and no other). */
const KINDS: Record<ContextKind, true> = { text: true, table: true, equation: true, figure_caption: true, toc: true };
/** Every kind of context the corpus stores. */
export const CONTEXT_KINDS = Object.keys(KINDS) as ContextKind[];

/** Where a context's first block sits on its page, in PDF points from the page's top-left corner. */
export class ContextBoxDto {
  @ApiProperty({ type: Number, example: 3 })
  page!: number;

  @ApiProperty({ type: Number, example: 72 })
  x!: number;

  @ApiProperty({ type: Number, example: 140.5 })
  y!: number;

  @ApiProperty({ type: Number, example: 220 })
  w!: number;

  @ApiProperty({ type: Number, example: 48 })
  h!: number;
}

/** A section as a search hit or context names it. */
export class SectionRefDto {
  @ApiProperty({ type: String })
  id!: string;

  @ApiProperty({ type: String, example: '3.2' })
  number!: string;

  @ApiProperty({ type: String, example: 'Entity Linking' })
  title!: string;
}

export class ContextArticleDto {
  @ApiProperty({ type: String })
  id!: string;

  @ApiProperty({ type: String })
  title!: string;

  @ApiProperty({ type: String })
  documentId!: string;
}

/** Where a context's text crosses onto another page (corpus migration 0008). */
export class PageStartDto {
  @ApiProperty({ type: Number, description: "Character offset in the context's text of the first character printed on `page`." })
  offset!: number;

  @ApiProperty({ type: Number, description: '1-based page.' })
  page!: number;
}

/** One context with where it sits: the UI's source view opens the document at `page` and highlights `box`. */
export class ContextResponseDto {
  @ApiProperty({ type: String })
  id!: string;

  @ApiProperty({ type: String, description: 'Plain text; a Markdown table for tables, LaTeX for equations.' })
  text!: string;

  @ApiProperty({ enum: CONTEXT_KINDS, enumName: 'ContextKind', example: 'text' })
  kind!: ContextKind;

  @ApiProperty({ type: Number, description: '1-based page where the context starts.' })
  page!: number;

  @ApiPropertyOptional({
    type: [PageStartDto],
    description:
      'Where the text runs onto later pages, in order; absent for a context printed on one page (or stored before pages were kept).',
  })
  pageStarts?: PageStartDto[];

  @ApiProperty({ type: ContextBoxDto, nullable: true, description: "Where the context's first block sits on its page; null when unknown." })
  box!: ContextBoxDto | null;

  @ApiProperty({ type: SectionRefDto })
  section!: SectionRefDto;

  @ApiProperty({ type: ContextArticleDto })
  article!: ContextArticleDto;
}

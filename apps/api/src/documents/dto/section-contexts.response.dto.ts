import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ContextKind } from '@lectern/application';
import { CONTEXT_KINDS, ContextArticleDto, PageStartDto, SectionRefDto } from './context.response.dto';

/** A section with its place in the outline: what `GET /articles/{id}/outline` lists for it, without the counts. */
export class SectionDetailDto extends SectionRefDto {
  @ApiProperty({ type: Number, description: '1 for a top-level section.', example: 2 })
  level!: number;

  @ApiProperty({
    type: SectionRefDto,
    nullable: true,
    description: "The section this one belongs to (the outline's `parentId`); null at the top level.",
  })
  parent!: SectionRefDto | null;
}

/** One passage of the section. */
export class SectionContextDto {
  @ApiProperty({ type: String, description: 'The id `GET /projects/{projectId}/contexts/{contextId}` takes.' })
  id!: string;

  @ApiProperty({ enum: CONTEXT_KINDS, enumName: 'ContextKind', example: 'text' })
  kind!: ContextKind;

  @ApiProperty({ type: Number, description: '1-based page where the context starts.' })
  page!: number;

  @ApiPropertyOptional({ type: [PageStartDto], description: 'Where the text runs onto later pages; absent on one page.' })
  pageStarts?: PageStartDto[];

  @ApiProperty({ type: String, description: 'Plain text; a Markdown table for tables, LaTeX for equations.' })
  text!: string;

  @ApiProperty({ type: Number })
  numTokens!: number;
}

export class SectionContextsResponseDto {
  @ApiProperty({ type: ContextArticleDto })
  article!: ContextArticleDto;

  @ApiProperty({ type: SectionDetailDto })
  section!: SectionDetailDto;

  @ApiProperty({ type: [SectionContextDto], description: "The section's own contexts in reading order (not its subsections')." })
  contexts!: SectionContextDto[];
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageStartDto, SectionRefDto } from '../../documents/dto/context.response.dto';

export class ArticleRefDto {
  @ApiProperty({ type: String })
  id!: string;

  @ApiProperty({ type: String })
  title!: string;
}

export class SearchResultDto {
  @ApiProperty({ type: String })
  contextId!: string;

  @ApiProperty({ type: String })
  text!: string;

  @ApiProperty({ type: Number, description: 'Higher is better; the scale depends on the mode.' })
  score!: number;

  @ApiProperty({ type: Number, description: '1-based page where the context starts.' })
  page!: number;

  @ApiPropertyOptional({ type: [PageStartDto], description: 'Where the text runs onto later pages; absent on one page.' })
  pageStarts?: PageStartDto[];

  @ApiProperty({
    type: String,
    description: 'The context kind: text, table, equation or figure_caption (toc contexts are never search hits).',
    example: 'text',
  })
  kind!: string;

  @ApiProperty({ type: ArticleRefDto })
  article!: ArticleRefDto;

  @ApiProperty({ type: SectionRefDto })
  section!: SectionRefDto;
}

export class SearchResponseDto {
  @ApiProperty({ type: String, description: 'The mode that ran.', example: 'hybrid' })
  mode!: string;

  @ApiProperty({ type: [SearchResultDto], description: 'Best first.' })
  results!: SearchResultDto[];
}

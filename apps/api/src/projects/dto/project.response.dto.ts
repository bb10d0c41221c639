import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ProjectStatsDto {
  @ApiProperty({ type: Number, example: 12 })
  documents!: number;

  @ApiProperty({ type: Number, example: 10 })
  ready!: number;

  @ApiProperty({ type: Number, example: 1 })
  failed!: number;

  @ApiProperty({ type: Number, description: 'Queued, parsing or embedding.', example: 1 })
  inProgress!: number;

  @ApiProperty({ type: Number, example: 10 })
  articles!: number;

  @ApiProperty({ type: Number, example: 214 })
  sections!: number;

  @ApiProperty({ type: Number, example: 388 })
  contexts!: number;

  @ApiProperty({ type: Number, description: 'Pages of the ready documents.', example: 131 })
  pages!: number;
}

export class ProjectResponseDto {
  @ApiProperty({ type: String, example: 'V1StGXR8_Z5jdHi6B-myT' })
  id!: string;

  @ApiProperty({ type: String, example: 'CS 546: Advanced NLP' })
  name!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: Number, example: 12 })
  documentCount!: number;

  @ApiPropertyOptional({ type: ProjectStatsDto, description: "Only on `GET /projects/:id`: counting opens the project's corpus." })
  stats?: ProjectStatsDto;
}

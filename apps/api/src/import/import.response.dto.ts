import { ApiProperty, PickType } from '@nestjs/swagger';
import { ProjectResponseDto } from '../projects/dto/project.response.dto';

/** The new project (as `GET /projects` shows it) and what the import brought into it. */
export class ImportResponseDto extends PickType(ProjectResponseDto, ['id', 'name', 'createdAt'] as const) {
  @ApiProperty({ type: Number, example: 10 })
  articles!: number;

  @ApiProperty({ type: Number, example: 388 })
  contexts!: number;

  @ApiProperty({ type: Number, description: 'Documents created, one per article, all ready.', example: 10 })
  documents!: number;

  @ApiProperty({ type: Number, description: 'PDFs the export carried (`lectern export --with-pdfs`), now stored.', example: 10 })
  pdfs!: number;

  @ApiProperty({ type: String, description: 'The embedding model of the export.', example: 'Xenova/bge-small-en-v1.5' })
  embeddingModel!: string;

  @ApiProperty({ type: Number, example: 384 })
  embeddingDimension!: number;

  @ApiProperty({
    type: Boolean,
    description: "True when the export's model is not this instance's: the corpus is being re-embedded in the background.",
  })
  reembedding!: boolean;
}

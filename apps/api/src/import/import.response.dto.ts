import { ApiProperty } from '@nestjs/swagger';

export class ImportResponseDto {
  @ApiProperty({ type: String, example: 'V1StGXR8_Z5jdHi6B-myT' })
  id!: string;

  @ApiProperty({ type: String, example: 'CS 546: Advanced NLP' })
  name!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

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

import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';

export class HealthEmbedderDto {
  @ApiProperty({ enum: ['lexical', 'transformers', 'openai'], description: 'The embedder in use.' })
  kind!: 'lexical' | 'transformers' | 'openai';

  @ApiProperty({ type: String, example: 'nomic-ai/nomic-embed-text-v1.5' })
  model!: string;

  @ApiProperty({ type: Number, example: 768 })
  dimension!: number;

  @ApiProperty({ type: String, description: 'Why this embedder was chosen (EMBEDDINGS=auto falls back to lexical offline).' })
  reason!: string;
}

export class ParserServiceHealthDto {
  @ApiProperty({ type: String, example: 'http://grobid:8070' })
  url!: string;

  @ApiProperty({ type: Boolean })
  alive!: boolean;
}

export class HealthLlmDto {
  @ApiProperty({ type: String, example: 'http://ollama:11434/v1' })
  baseUrl!: string;

  @ApiProperty({ type: String, example: 'llama3.2' })
  model!: string;

  @ApiProperty({ type: String, example: 'llama3.2' })
  smallModel!: string;
}

export class JobCountsDto {
  @ApiProperty({ type: Number })
  queued!: number;

  @ApiProperty({ type: Number })
  running!: number;

  @ApiProperty({ type: Number })
  done!: number;

  @ApiProperty({ type: Number })
  failed!: number;
}

export class HealthWorkerDto {
  @ApiProperty({ type: Boolean, description: 'False with INGEST_WORKER=off: a separate worker process ingests.' })
  inProcess!: boolean;

  @ApiProperty({ type: Number })
  threads!: number;

  @ApiProperty({ type: Number })
  concurrentDocuments!: number;

  @ApiProperty({ type: JobCountsDto })
  jobs!: JobCountsDto;
}

@ApiExtraModels(ParserServiceHealthDto)
export class HealthResponseDto {
  @ApiProperty({ type: String, example: 'ok', description: 'Up. The other fields only for a caller allowed to see details (loopback).' })
  status!: string;

  @ApiProperty({ required: false, type: String, example: '0.1.0' })
  version?: string;

  @ApiProperty({ required: false, type: HealthEmbedderDto })
  embedder?: HealthEmbedderDto;

  @ApiProperty({
    required: false,
    type: [String],
    description: 'The configured parsers, the embedded pdfjs among them.',
    example: ['pdfjs'],
  })
  parsers?: string[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(ParserServiceHealthDto) },
    description: 'Each configured outside parser service (GROBID, Unstructured, Nougat) by name.',
  })
  services?: Record<string, ParserServiceHealthDto>;

  @ApiProperty({ required: false, enum: ['local', 'minio'] })
  objectStore?: 'local' | 'minio';

  @ApiProperty({
    required: false,
    type: HealthLlmDto,
    nullable: true,
    description: 'Null when no LLM is configured: answers are extractive.',
  })
  llm?: HealthLlmDto | null;

  @ApiProperty({ required: false, type: HealthWorkerDto })
  worker?: HealthWorkerDto;
}

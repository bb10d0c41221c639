import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** A passage the answer is built from, as announced in the `retrieval` event. */
export class ChatSourceDto {
  @ApiProperty({ type: String })
  contextId!: string;

  @ApiProperty({ type: String })
  articleId!: string;

  @ApiProperty({ type: String })
  articleTitle!: string;

  @ApiProperty({ type: String, example: '4.1' })
  sectionNumber!: string;

  @ApiProperty({ type: String, example: 'Baselines' })
  sectionTitle!: string;

  @ApiProperty({ type: Number, description: '1-based page.' })
  page!: number;
}

/** Where a quoted sentence sits in its context's text. */
export class CitationSpanDto {
  @ApiProperty({ type: Number, description: 'Character offset of the sentence in the context text.' })
  start!: number;

  @ApiProperty({ type: Number, description: 'Character offset just past the sentence (exclusive).' })
  end!: number;
}

/** A source the answer cites: the source plus the `[n]` marker that cites it; `page` is the quoted sentence's page. */
export class ChatCitationDto extends ChatSourceDto {
  @ApiProperty({ type: Number, description: 'The `[n]` marker in the answer.', example: 1 })
  n!: number;

  @ApiPropertyOptional({
    type: Number,
    description: 'The last page of a quoted sentence printed across a page break (`page` is where it starts); absent on one page.',
  })
  pageEnd?: number;

  @ApiPropertyOptional({ type: String, description: 'The sentence of the context the marker quotes or rests on.' })
  quote?: string;

  @ApiPropertyOptional({ type: CitationSpanDto, description: "Where `quote` sits in the context's text." })
  span?: CitationSpanDto;
}

export class ChatRetrievalSummaryDto {
  @ApiProperty({ type: Number })
  hits!: number;

  @ApiProperty({ type: Number })
  passages!: number;

  /** What the pipeline did or skipped (e.g. "multi-query needs an LLM; used the question alone"). */
  @ApiProperty({
    type: [String],
    description: 'What the pipeline did or skipped (e.g. "multi-query needs an LLM; used the question alone").',
  })
  notes!: string[];
}

export class ChatLlmDto {
  @ApiProperty({ type: Boolean, description: 'False when the answer is extractive.' })
  used!: boolean;

  @ApiPropertyOptional({ type: String, example: 'llama3.2' })
  model?: string;
}

export class ChatResponseDto {
  @ApiProperty({ type: String, description: 'Markdown with `[n]` citation markers.' })
  answer!: string;

  @ApiProperty({ type: [ChatCitationDto] })
  citations!: ChatCitationDto[];

  @ApiProperty({ type: String, description: 'The retrieval mode that ran.', example: 'hybrid' })
  mode!: string;

  @ApiProperty({ type: ChatLlmDto })
  llm!: ChatLlmDto;

  /** Set when the answer is extractive: no LLM configured, or the LLM failed. */
  @ApiPropertyOptional({ type: String, description: 'Set when the answer is extractive: no LLM configured, or the LLM failed.' })
  notice?: string;

  @ApiProperty({ type: ChatRetrievalSummaryDto })
  retrieval!: ChatRetrievalSummaryDto;
}

/** The data of the `retrieval` event: what was found, before the answer starts. */
export class ChatRetrievalEventDto extends ChatRetrievalSummaryDto {
  @ApiProperty({ type: String, example: 'hybrid' })
  mode!: string;

  @ApiProperty({ type: [ChatSourceDto], description: 'At most 20 of the passages found.' })
  sources!: ChatSourceDto[];
}

/** The data of a `token` event: the next piece of the answer's text. */
export class TokenEventDto {
  @ApiProperty({ type: String })
  text!: string;
}

/** The data of an `error` event: the stream ends after it. */
export class StreamErrorEventDto {
  @ApiProperty({ type: String })
  message!: string;

  @ApiPropertyOptional({ type: String, description: 'Set when the message is generic: the id under which the error is logged.' })
  errorId?: string;
}

/** The events of a streamed chat, in order: retrieval, token*, citation*, done — or error at any point. */
export type ChatEvent =
  | { event: 'retrieval'; data: ChatRetrievalEventDto }
  | { event: 'token'; data: TokenEventDto }
  | { event: 'citation'; data: ChatCitationDto }
  | { event: 'done'; data: ChatResponseDto }
  | { event: 'error'; data: StreamErrorEventDto };

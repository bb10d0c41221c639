import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ExploreCitationSpanDto {
  @ApiProperty({ type: Number, description: 'Character offset of the sentence in the context text.' })
  start!: number;

  @ApiProperty({ type: Number, description: 'Character offset just past the sentence (exclusive).' })
  end!: number;
}

export class ExploreCitationDto {
  @ApiProperty({ type: String })
  articleId!: string;

  @ApiProperty({ type: String })
  articleTitle!: string;

  @ApiPropertyOptional({ type: Number, description: 'The `[n]` marker of the answer, when the answer carries markers.' })
  n?: number;

  @ApiPropertyOptional({ type: String, description: 'The context of the quoted sentence.' })
  contextId?: string;

  @ApiPropertyOptional({ type: String, description: 'The sentence the marker quotes.' })
  quote?: string;

  @ApiPropertyOptional({ type: ExploreCitationSpanDto, description: "Where `quote` sits in the context's text." })
  span?: ExploreCitationSpanDto;

  @ApiProperty({ type: String, example: '4.1' })
  sectionNumber!: string;

  @ApiProperty({ type: String, example: 'Baselines' })
  sectionTitle!: string;

  @ApiProperty({ type: Number, description: "1-based page: the quoted sentence's, or the cited section's first." })
  page!: number;

  @ApiPropertyOptional({
    type: Number,
    description: 'The last page of a quoted sentence printed across a page break (`page` is where it starts); absent on one page.',
  })
  pageEnd?: number;
}

export class ExploreStepDto {
  @ApiProperty({ type: String, description: 'search, outline, read, next, previous, read_page, answer or give_up.', example: 'read' })
  tool!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The arguments the tool was called with.',
    example: { section: '4.1' },
  })
  args!: Record<string, unknown>;

  @ApiProperty({ type: String, description: 'What the tool returned, in one line (or why it refused).' })
  summary!: string;

  /** The start of what the tool returned to the agent. */
  @ApiPropertyOptional({ type: String, description: 'The start of what the tool returned to the agent; absent for refused calls.' })
  saw?: string;

  @ApiProperty({ type: Number, description: 'Tokens of what the tool returned to the agent.' })
  tokens!: number;

  @ApiProperty({ type: Number })
  ms!: number;
}

export class ExploreUsageDto {
  @ApiProperty({ type: Number })
  steps!: number;

  @ApiProperty({ type: Number, description: 'Tokens the agent read, plus the prompts sent when an LLM navigates.' })
  tokens!: number;

  @ApiProperty({ type: Number })
  llmCalls!: number;
}

export class ExploreResponseDto {
  @ApiProperty({ type: String })
  answer!: string;

  @ApiProperty({ type: [ExploreCitationDto] })
  citations!: ExploreCitationDto[];

  @ApiProperty({ type: [ExploreStepDto], description: 'Every move of the agent, in order.' })
  steps!: ExploreStepDto[];

  @ApiProperty({ type: ExploreUsageDto })
  usage!: ExploreUsageDto;

  @ApiProperty({
    enum: ['llm', 'heuristic'],
    description: 'heuristic: no LLM is configured; a deterministic navigator used the same tools.',
  })
  navigator!: 'llm' | 'heuristic';

  /** Set when the answer is not the agent's own: no LLM, a give-up, or the budget ran out. */
  @ApiPropertyOptional({
    type: String,
    description: "Set when the answer is not the agent's own: no LLM, a give-up, or the budget ran out.",
  })
  notice?: string;
}

/** The data of the streamed `answer` event: the answer before the final `done`. */
export class ExploreAnswerEventDto {
  @ApiProperty({ type: String })
  answer!: string;

  @ApiProperty({ type: [ExploreCitationDto] })
  citations!: ExploreCitationDto[];
}

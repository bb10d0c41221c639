export class ExploreCitationDto {
  articleId!: string;
  sectionNumber!: string;
  sectionTitle!: string;
  page!: number;
}

export class ExploreStepDto {
  tool!: string;
  args!: Record<string, unknown>;
  summary!: string;
  /** The start of what the tool returned to the agent. */
  saw?: string;
  tokens!: number;
  ms!: number;
}

export class ExploreResponseDto {
  answer!: string;
  citations!: ExploreCitationDto[];
  steps!: ExploreStepDto[];
  usage!: { steps: number; tokens: number; llmCalls: number };
  navigator!: 'llm' | 'heuristic';
  /** Set when the answer is not the agent's own: no LLM, a give-up, or the budget ran out. */
  notice?: string;
}

export class ChatCitationDto {
  /** The `[n]` marker in the answer. */
  n!: number;
  contextId!: string;
  articleId!: string;
  articleTitle!: string;
  sectionNumber!: string;
  sectionTitle!: string;
  page!: number;
}

export class ChatRetrievalSummaryDto {
  hits!: number;
  passages!: number;
  /** What the pipeline did or skipped (e.g. "multi-query needs an LLM; used the question alone"). */
  notes!: string[];
}

export class ChatResponseDto {
  answer!: string;
  citations!: ChatCitationDto[];
  mode!: string;
  llm!: { used: boolean; model?: string };
  /** Set when the answer is extractive: no LLM configured, or the LLM failed. */
  notice?: string;
  retrieval!: ChatRetrievalSummaryDto;
}

/** A passage the answer is built from, as announced in the `retrieval` event. */
export class ChatSourceDto {
  contextId!: string;
  articleId!: string;
  articleTitle!: string;
  sectionNumber!: string;
  sectionTitle!: string;
  page!: number;
}

/** The events of a streamed chat, in order: retrieval, token*, citation*, done — or error at any point. */
export type ChatEvent =
  | { event: 'retrieval'; data: ChatRetrievalSummaryDto & { mode: string; sources: ChatSourceDto[] } }
  | { event: 'token'; data: { text: string } }
  | { event: 'citation'; data: ChatCitationDto }
  | { event: 'done'; data: ChatResponseDto }
  | { event: 'error'; data: { message: string; errorId?: string } };

/** A passage the answer is built from, as announced in the `retrieval` event. */
export class ChatSourceDto {
  contextId!: string;
  articleId!: string;
  articleTitle!: string;
  sectionNumber!: string;
  sectionTitle!: string;
  page!: number;
}

/** A source the answer cites: the source plus the `[n]` marker that cites it. */
export class ChatCitationDto extends ChatSourceDto {
  n!: number;
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

/** The events of a streamed chat, in order: retrieval, token*, citation*, done — or error at any point. */
export type ChatEvent =
  | { event: 'retrieval'; data: ChatRetrievalSummaryDto & { mode: string; sources: ChatSourceDto[] } }
  | { event: 'token'; data: { text: string } }
  | { event: 'citation'; data: ChatCitationDto }
  | { event: 'done'; data: ChatResponseDto }
  | { event: 'error'; data: { message: string; errorId?: string } };

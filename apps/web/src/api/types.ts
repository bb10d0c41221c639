// Mirrors of the API's response DTOs (apps/api/src/*/dto): the UI is built apart from the server code.

export interface ProjectStats {
  documents: number;
  ready: number;
  failed: number;
  inProgress: number;
  articles: number;
  sections: number;
  contexts: number;
  pages: number;
}

export interface Project {
  id: string;
  name: string;
  createdAt: string;
  documentCount: number;
  stats?: ProjectStats;
}

export type DocumentStatus = 'queued' | 'parsing' | 'embedding' | 'ready' | 'failed';

export interface LecternDocument {
  id: string;
  projectId: string;
  filename: string;
  sizeBytes: number;
  sha256: string;
  status: DocumentStatus;
  error: string | null;
  articleId: string | null;
  /** The article's title once the document is ready (null when the paper has none). */
  title: string | null;
  pageCount: number | null;
  sectionCount: number | null;
  contextCount: number | null;
  parsers: string[];
  warnings: string[];
  createdAt: string;
  updatedAt: string;
}

export interface UploadResult {
  documents: Array<LecternDocument & { duplicate: boolean }>;
  rejected: Array<{ filename: string; reason: string }>;
}

export interface OutlineSection {
  id: string;
  number: string;
  title: string;
  level: number;
  position: number;
  numTokens: number;
  contextCount: number;
  pageStart: number | null;
  pageEnd: number | null;
}

export interface Outline {
  article: {
    id: string;
    title: string;
    authors: string[];
    abstract: string;
    doi: string | null;
    pageCount: number;
    documentId: string;
  };
  sections: OutlineSection[];
}

/** Where a context's first block sits on its page, in PDF points from the page's top-left corner. */
export interface ContextBox {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ContextDetail {
  id: string;
  text: string;
  kind: 'text' | 'table' | 'equation' | 'figure_caption';
  page: number;
  box: ContextBox | null;
  section: { id: string; number: string; title: string };
  article: { id: string; title: string; documentId: string };
}

export type SearchMode = 'hybrid' | 'standard' | 'keyword';

export interface ChatSource {
  contextId: string;
  articleId: string;
  articleTitle: string;
  sectionNumber: string;
  sectionTitle: string;
  page: number;
}

export interface ChatCitation extends ChatSource {
  n: number;
}

export interface ChatRetrievalSummary {
  hits: number;
  passages: number;
  notes: string[];
}

export interface ChatResponse {
  answer: string;
  citations: ChatCitation[];
  mode: string;
  llm: { used: boolean; model?: string };
  notice?: string;
  retrieval: ChatRetrievalSummary;
}

export interface ChatSettings {
  /** `auto` leaves the choice to the server: hybrid with model embeddings, keyword with the offline lexical ones. */
  mode: SearchMode | 'auto';
  expand: 'parent' | 'none';
  multiQuery: boolean;
  filter: boolean;
}

export interface ExploreCitation {
  articleId: string;
  sectionNumber: string;
  sectionTitle: string;
  page: number;
}

export interface ExploreStep {
  tool: string;
  args: Record<string, unknown>;
  summary: string;
  /** The start of what the tool returned to the agent. */
  saw?: string;
  tokens: number;
  ms: number;
}

export interface ExploreResult {
  answer: string;
  citations: ExploreCitation[];
  steps: ExploreStep[];
  usage: { steps: number; tokens: number; llmCalls: number };
  navigator: 'llm' | 'heuristic';
  notice?: string;
}

export interface Health {
  status: string;
  version: string;
  embedder: { kind: string; model: string; dimension: number; reason?: string };
  parsers: string[];
  llm: { baseUrl: string; model: string; smallModel?: string } | null;
}

export interface ApiErrorBody {
  statusCode?: number;
  message?: string | string[];
  error?: string;
  errorId?: string;
}

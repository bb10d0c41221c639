import { IngestRuntime } from '@lectern/ingest';
import { createLlm } from '@lectern/llm';
import { AnswerComposer, RetrievalPipeline, SearchService, type Citation, type SearchMode } from '@lectern/retrieval';
import { CliError } from '../cli-error';
import { findProject } from '../project-lookup';

export interface AskOptions {
  project: string;
  mode?: string;
  k?: string;
  /** Parent expansion: the top hits grow into passages with their neighbours. */
  parent?: boolean;
  /** The small model writes keyword-richer variants of the question (needs an LLM). */
  multiQuery?: boolean;
  json?: boolean;
}

const MODES: readonly SearchMode[] = ['hybrid', 'standard', 'keyword'];
/** As the chat endpoint. */
const MAX_ASK_K = 200;

/** `lectern ask "<question>" --project <name> [--mode] [--k] [--parent] [--multi-query] [--json]`. */
export async function askCommand(
  runtime: IngestRuntime,
  question: string,
  options: AskOptions,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  if (question.trim().length === 0) throw new CliError('the question is empty');
  const mode = options.mode ?? runtime.defaultSearchMode;
  if (!MODES.includes(mode as SearchMode)) {
    throw new CliError(`--mode must be hybrid, standard or keyword (got ${JSON.stringify(mode)})`);
  }
  const k = options.k === undefined ? undefined : Number(options.k);
  if (k !== undefined && (!Number.isInteger(k) || k < 1 || k > MAX_ASK_K)) throw new CliError(`--k must be from 1 to ${MAX_ASK_K}`);
  const project = findProject(runtime.catalog, options.project);

  const llm = createLlm(runtime.config.llm);
  const corpus = runtime.corpora.get(project.id);
  const pipeline = new RetrievalPipeline({ search: new SearchService(corpus, runtime.embedder), corpus, llm });
  const result = await pipeline.retrieve(question.trim(), {
    mode: mode as SearchMode,
    k,
    expand: options.parent ? 'parent' : 'none',
    multiQuery: options.multiQuery === true,
  });
  const answer = await new AnswerComposer(llm).answer(question.trim(), [], result);
  const llmUsed = answer.llm && llm ? { used: true, model: llm.largeModel } : { used: false };

  if (options.json) {
    const citations = answer.citations.map(({ contextId: _contextId, ...citation }) => citation);
    const body = { answer: answer.answer, citations, mode: result.used.mode, llm: llmUsed, ...(answer.notice ? { notice: answer.notice } : {}) };
    out.write(`${JSON.stringify(body, null, 2)}\n`);
    return 0;
  }
  out.write(`${answer.answer}\n`);
  if (answer.citations.length > 0) out.write(`\nSources:\n${answer.citations.map((c) => `${sourceLine(c)}\n`).join('')}`);
  if (answer.notice) err.write(`note: ${answer.notice}\n`);
  for (const note of result.notes) err.write(`note: ${note}\n`);
  return 0;
}

function sourceLine(citation: Citation): string {
  const section = citation.sectionNumber === 'ref' ? 'References' : [`§${citation.sectionNumber}`, citation.sectionTitle].filter(Boolean).join(' ');
  return `[${citation.n}] ${citation.articleTitle} — ${section}, p. ${citation.page}`;
}

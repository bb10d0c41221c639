import { IngestRuntime } from '@lectern/ingest';
import { SearchService, type SearchMode } from '@lectern/retrieval';
import { CliError } from '../cli-error';
import { findProject } from '../project-lookup';

/** `lectern search "<query>" --project <name> [--mode] [--k] [--json]`. */
export async function searchCommand(
  runtime: IngestRuntime,
  query: string,
  options: { project: string; mode?: string; k: string; json?: boolean },
  out: NodeJS.WritableStream,
): Promise<number> {
  const project = findProject(runtime.catalog, options.project);
  const mode = options.mode ?? runtime.defaultSearchMode;
  if (!['hybrid', 'standard', 'keyword'].includes(mode)) {
    throw new CliError(`--mode must be hybrid, standard or keyword (got ${JSON.stringify(mode)})`);
  }
  const k = Number(options.k);
  const search = new SearchService(runtime.corpora.get(project.id), runtime.embedder);
  const hits = await search.search(query, { mode: mode as SearchMode, k });
  if (options.json) {
    out.write(`${JSON.stringify({ mode, results: hits }, null, 2)}\n`);
    return 0;
  }
  if (hits.length === 0) out.write('no results\n');
  hits.forEach((hit, i) => {
    const section = hit.section.number === 'ref' ? 'References' : `§${hit.section.number} ${hit.section.title}`;
    const snippet = hit.text.replace(/\s+/g, ' ').slice(0, 220);
    out.write(`${i + 1}. ${hit.article.title} — ${section}, p. ${hit.page}  (score ${hit.score.toFixed(4)})\n`);
    out.write(`   ${snippet}${hit.text.length > 220 ? '…' : ''}\n`);
  });
  return 0;
}

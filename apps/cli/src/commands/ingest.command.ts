import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import {
  DocumentProgressQuery,
  FindProject,
  IngestDocument,
  IngestDocumentCommand,
  UploadRejectedError,
  type IngestWorker,
} from '@lectern/application';
import { findProject } from '../project-lookup';
import { collectFiles } from './collect-files';

type Outcome = 'ready' | 'duplicate' | 'failed';

interface FileState {
  label: string;
  documentId?: string;
  outcome?: Outcome;
  detail?: string;
}

export interface IngestDeps {
  projects: FindProject;
  ingestDocument: IngestDocument;
  progress: DocumentProgressQuery;
  /** Started for the command's own files, stopped when they are done. */
  worker: Pick<IngestWorker, 'start' | 'stop'>;
}

/** `lectern ingest <files or folders…> --project <name>`: queue, process, and report one line per file. */
export async function ingestCommand(
  deps: IngestDeps,
  args: string[],
  options: { project: string },
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  const files = await collectFiles(args);
  const project = findProject(deps.projects, options.project, { create: true });
  const states: FileState[] = [];
  const report = (s: FileState) => out.write(`${s.outcome}  ${s.label}${s.detail ? `  ${s.detail}` : ''}\n`);

  for (const file of files) {
    const state: FileState = { label: path.relative(process.cwd(), file) || file };
    states.push(state);
    try {
      const data = await fs.readFile(file);
      const command = IngestDocumentCommand.create({ projectId: project.id, files: [{ originalName: path.basename(file), data }] });
      const { accepted } = await deps.ingestDocument.execute(command);
      state.documentId = accepted[0].document.id;
      if (accepted[0].duplicate && accepted[0].document.status === 'ready') state.outcome = 'duplicate';
    } catch (error) {
      if (!(error instanceof UploadRejectedError) && !isFsError(error)) throw error;
      state.outcome = 'failed';
      state.detail = error instanceof UploadRejectedError ? error.rejected[0].reason : (error as Error).message;
    }
    if (state.outcome) report(state);
  }

  const waiting = () => states.filter((s) => s.documentId && !s.outcome);
  const total = waiting().length;
  deps.worker.start();
  let shown = '';
  while (waiting().length > 0) {
    const pages: string[] = [];
    for (const state of waiting()) {
      const { document: doc, built } = deps.progress.get(state.documentId as string);
      if (doc.status === 'ready') Object.assign(state, { outcome: 'ready', detail: describe(built) });
      if (doc.status === 'failed') Object.assign(state, { outcome: 'failed', detail: doc.error ?? 'unknown reason' });
      if (state.outcome) report(state);
      // A page read by OCR says so: `book.pdf ocr 12/240`.
      else if (doc.progress)
        pages.push(`${state.label} ${doc.progress.step === 'ocr' ? 'ocr' : doc.status} ${doc.progress.page}/${doc.progress.pages}`);
    }
    const done = total - waiting().length;
    // A long document shows the page it is at: `… 0/1 processed; book.pdf parsing 12/240`.
    const line = `… ${done}/${total} processed${pages.length ? `; ${pages.join(', ')}` : ''}`;
    if (line !== shown && done < total) err.write(`${line}\n`);
    shown = line;
    if (waiting().length > 0) await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await deps.worker.stop();

  const failed = states.filter((s) => s.outcome === 'failed').length;
  err.write(`${states.length - failed} of ${states.length} files ready in project "${project.name}" (${project.id})\n`);
  return failed > 0 ? 1 : 0;
}

function isFsError(error: unknown): boolean {
  return typeof (error as NodeJS.ErrnoException)?.code === 'string' && (error as Error).name !== 'SqliteError';
}

function describe(built: { pages: number; sections: number; contexts: number } | undefined): string {
  if (!built) return '';
  return `(${plural(built.pages, 'page')}, ${plural(built.sections, 'section')}, ${plural(built.contexts, 'context')})`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ProjectRow } from '@lectern/corpus';
import type { RemoveDocumentDeps } from './remove-document';

/**
 * Deletes a project: its catalog row with every document and job (one transaction), then its corpus file, then the
 * stored PDFs. A document still being ingested is handled as in removeDocument: the worker finds its row gone.
 * Null when there is no such project.
 */
export async function removeProject(deps: RemoveDocumentDeps, projectId: string): Promise<ProjectRow | null> {
  const project = deps.catalog.projects.findById(projectId);
  if (!project) return null;
  const documents = deps.catalog.documents.listByProject(projectId);
  if (!deps.catalog.projects.delete(projectId)) return null;
  const corpusFile = deps.corpora.fileOf(projectId);
  deps.corpora.close(projectId);
  await fs.rm(path.dirname(corpusFile), { recursive: true, force: true });
  for (const doc of documents) await deps.store.delete(doc.storageKey);
  return project;
}

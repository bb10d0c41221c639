import {
  Accounts,
  ApiKeys,
  AskQuestion,
  BackupInstance,
  CORPUS_REGISTRY,
  EMBEDDER,
  ImportProject,
  CheckDataDir,
  DocumentProgressQuery,
  Explore,
  FindPaper,
  ExportProject,
  FindProject,
  INGEST_WORKER,
  IngestDocument,
  ProjectMembers,
  ReembedProject,
  SearchProject,
  type IngestWorker,
  type Lectern,
} from '@lectern/application';
import type { AccountsDeps } from './commands/accounts.command';
import type { AskDeps } from './commands/ask.command';
import type { DoctorDeps } from './commands/doctor.command';
import type { ExploreDeps } from './commands/explore.command';
import type { BackupDeps } from './commands/backup.command';
import type { ExportDeps } from './commands/export.command';
import type { ImportDeps } from './commands/import.command';
import type { McpDeps } from './commands/mcp.command';
import type { IngestDeps } from './commands/ingest.command';
import type { ReembedDeps } from './commands/reembed.command';
import type { SearchDeps } from './commands/search.command';

/** What each command uses, taken from the resolved parts: each command sees only its own use cases. */
export const commandDeps = {
  ask: (lectern: Lectern): AskDeps => ({
    projects: lectern.get(FindProject),
    papers: lectern.get(FindPaper),
    askQuestion: lectern.get(AskQuestion),
  }),
  search: (lectern: Lectern): SearchDeps => ({
    projects: lectern.get(FindProject),
    papers: lectern.get(FindPaper),
    searchProject: lectern.get(SearchProject),
  }),
  explore: (lectern: Lectern): ExploreDeps => ({
    projects: lectern.get(FindProject),
    papers: lectern.get(FindPaper),
    exploreProject: lectern.get(Explore),
  }),
  export: (lectern: Lectern): ExportDeps => ({ projects: lectern.get(FindProject), exportProject: lectern.get(ExportProject) }),
  ingest: (lectern: Lectern): IngestDeps => ({
    projects: lectern.get(FindProject),
    ingestDocument: lectern.get(IngestDocument),
    progress: lectern.get(DocumentProgressQuery),
    worker: lectern.get<IngestWorker>(INGEST_WORKER),
  }),
  import: (lectern: Lectern): ImportDeps => ({ importProject: lectern.get(ImportProject) }),
  backup: (lectern: Lectern): BackupDeps => ({ backup: lectern.get(BackupInstance) }),
  mcp: (lectern: Lectern): McpDeps => ({
    projects: lectern.get(FindProject),
    papers: lectern.get(FindPaper),
    corpora: lectern.get(CORPUS_REGISTRY),
    embedder: lectern.get(EMBEDDER),
    explore: lectern.get(Explore),
  }),
  doctor: (lectern: Lectern): DoctorDeps => ({ checkDataDir: lectern.get(CheckDataDir) }),
  reembed: (lectern: Lectern): ReembedDeps => ({ projects: lectern.get(FindProject), reembedProject: lectern.get(ReembedProject) }),
  accounts: (lectern: Lectern): AccountsDeps => ({
    accounts: lectern.get(Accounts),
    members: lectern.get(ProjectMembers),
    apiKeys: lectern.get(ApiKeys),
    projects: lectern.get(FindProject),
  }),
};

import {
  AskQuestion,
  CheckDataDir,
  DocumentProgressQuery,
  Explore,
  ExportProject,
  FindProject,
  INGEST_WORKER,
  IngestDocument,
  ReembedProject,
  SearchProject,
  type IngestWorker,
  type Lectern,
} from '@lectern/application';
import type { AskDeps } from './commands/ask.command';
import type { DoctorDeps } from './commands/doctor.command';
import type { ExploreDeps } from './commands/explore.command';
import type { ExportDeps } from './commands/export.command';
import type { IngestDeps } from './commands/ingest.command';
import type { ReembedDeps } from './commands/reembed.command';
import type { SearchDeps } from './commands/search.command';

/** What each command uses, taken from the resolved parts: each command sees only its own use cases. */
export const commandDeps = {
  ask: (lectern: Lectern): AskDeps => ({ projects: lectern.get(FindProject), askQuestion: lectern.get(AskQuestion) }),
  search: (lectern: Lectern): SearchDeps => ({ projects: lectern.get(FindProject), searchProject: lectern.get(SearchProject) }),
  explore: (lectern: Lectern): ExploreDeps => ({ projects: lectern.get(FindProject), exploreProject: lectern.get(Explore) }),
  export: (lectern: Lectern): ExportDeps => ({ projects: lectern.get(FindProject), exportProject: lectern.get(ExportProject) }),
  ingest: (lectern: Lectern): IngestDeps => ({
    projects: lectern.get(FindProject),
    ingestDocument: lectern.get(IngestDocument),
    progress: lectern.get(DocumentProgressQuery),
    worker: lectern.get<IngestWorker>(INGEST_WORKER),
  }),
  doctor: (lectern: Lectern): DoctorDeps => ({ checkDataDir: lectern.get(CheckDataDir) }),
  reembed: (lectern: Lectern): ReembedDeps => ({ projects: lectern.get(FindProject), reembedProject: lectern.get(ReembedProject) }),
};

import type Database from 'better-sqlite3';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openDatabase } from './database';
import { ConversationsRepository } from './conversations.repository';
import { DocumentsRepository } from './documents.repository';
import { JobsRepository, type JobsRepositoryOptions } from './jobs.repository';
import { migrationsDir, runMigrations } from './migrator';
import { ProjectsRepository } from './projects.repository';
import {
  ApiKeysRepository,
  AuditRepository,
  InvitesRepository,
  MembershipsRepository,
  SessionsRepository,
  UsersRepository,
} from './accounts';

export const CATALOG_FILE_NAME = 'catalog.sqlite';

/** The catalog database of a data directory: projects, documents, the job queue, and accounts and access. */
export class CatalogDb {
  readonly projects: ProjectsRepository;
  readonly documents: DocumentsRepository;
  readonly jobs: JobsRepository;
  readonly users: UsersRepository;
  readonly memberships: MembershipsRepository;
  readonly sessions: SessionsRepository;
  readonly apiKeys: ApiKeysRepository;
  readonly invites: InvitesRepository;
  readonly audit: AuditRepository;
  readonly conversations: ConversationsRepository;

  private constructor(
    private readonly db: Database.Database,
    options: JobsRepositoryOptions,
  ) {
    this.projects = new ProjectsRepository(db);
    this.documents = new DocumentsRepository(db);
    this.jobs = new JobsRepository(db, this.documents, options);
    this.users = new UsersRepository(db);
    this.memberships = new MembershipsRepository(db);
    this.sessions = new SessionsRepository(db);
    this.apiKeys = new ApiKeysRepository(db);
    this.invites = new InvitesRepository(db);
    this.audit = new AuditRepository(db);
    this.conversations = new ConversationsRepository(db);
  }

  /** Creates the data directory and the catalog if needed, and applies pending migrations. */
  static open(dataDir: string, options: JobsRepositoryOptions = {}): CatalogDb {
    fs.mkdirSync(dataDir, { recursive: true });
    const db = openDatabase(path.join(dataDir, CATALOG_FILE_NAME));
    try {
      runMigrations(db, migrationsDir('catalog'));
    } catch (error) {
      db.close();
      throw error;
    }
    return new CatalogDb(db, options);
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

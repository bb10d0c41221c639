-- The catalog: projects, their uploaded documents, and the ingestion job queue (one file per data directory).

CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);

CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  sha256 TEXT NOT NULL,
  filename TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  storage_key TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'parsing', 'embedding', 'ready', 'failed')),
  error TEXT,
  article_id TEXT,
  page_count INTEGER,
  parsers TEXT NOT NULL DEFAULT '[]',   -- JSON array of parser names
  warnings TEXT NOT NULL DEFAULT '[]',  -- JSON array of strings
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, sha256)
);

CREATE INDEX documents_by_project ON documents (project_id, created_at);
CREATE INDEX documents_by_article ON documents (article_id);

CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_owner TEXT,
  lease_expires_at INTEGER,             -- epoch milliseconds
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- claim() looks for the oldest queued job, or a running one whose lease expired.
CREATE INDEX jobs_claimable ON jobs (status, created_at);
CREATE INDEX jobs_by_document ON jobs (document_id, created_at);

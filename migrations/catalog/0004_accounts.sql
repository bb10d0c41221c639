-- Accounts and access: users (argon2 password hashes), per-project memberships with a role, web sessions and API
-- keys (only a SHA-256 of each token is stored), invite links, and an audit log of destructive and
-- permission-changing actions. Times the code compares are epoch milliseconds; times shown are ISO text.

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  display_name TEXT NOT NULL,
  password_hash TEXT,                   -- argon2id; NULL for accounts that sign in only through OIDC
  role TEXT NOT NULL CHECK (role IN ('admin', 'user')),
  oidc_subject TEXT UNIQUE,             -- "<issuer> <sub>" of an OIDC account
  created_at TEXT NOT NULL
);

CREATE TABLE memberships (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'instructor', 'student')),
  created_at TEXT NOT NULL,
  PRIMARY KEY (project_id, user_id)
);

CREATE INDEX memberships_by_user ON memberships (user_id);

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,          -- sha256 of the cookie's token
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE INDEX sessions_by_user ON sessions (user_id);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,                 -- the key's first characters, shown in lists
  key_hash TEXT NOT NULL UNIQUE,        -- sha256 of the whole key
  project_id TEXT REFERENCES projects (id) ON DELETE CASCADE,
  role TEXT CHECK (role IN ('owner', 'instructor', 'student')),
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);

CREATE INDEX api_keys_by_user ON api_keys (user_id);

CREATE TABLE invites (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'instructor', 'student')),
  created_by TEXT REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  max_uses INTEGER,
  uses INTEGER NOT NULL DEFAULT 0,
  revoked_at TEXT
);

CREATE INDEX invites_by_project ON invites (project_id, created_at);

-- No foreign keys: the trail outlives the users and projects it names.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  actor_id TEXT,
  actor_email TEXT,
  project_id TEXT,
  action TEXT NOT NULL,
  target TEXT,
  detail TEXT NOT NULL DEFAULT '{}'     -- JSON
);

CREATE INDEX audit_by_project ON audit_log (project_id, id);

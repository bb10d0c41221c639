-- Named conversations of a project, kept on the server with their messages and each answer's citations.
-- user_id is the owner once accounts exist (catalog 0004 adds users); null: a conversation of the project, no owner.

CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id TEXT,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE INDEX conversations_by_project ON conversations (project_id, updated_at);

CREATE TABLE conversation_messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
  content TEXT NOT NULL,
  citations TEXT NOT NULL DEFAULT '[]',  -- JSON array of the answer's citations, as the chat returned them
  notice TEXT,
  created_at TEXT NOT NULL
);

CREATE INDEX conversation_messages_by_conversation ON conversation_messages (conversation_id, seq);

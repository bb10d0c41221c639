import type Database from 'better-sqlite3';
import { nanoid } from 'nanoid';

export type ConversationRole = 'user' | 'assistant';
/** A chat turn, or an explore run kept as a turn (catalog migration 0007); the API's enum is this list. */
export const CONVERSATION_TURN_KINDS = ['chat', 'explore'] as const;
export type ConversationTurnKind = (typeof CONVERSATION_TURN_KINDS)[number];

export interface ConversationRow {
  id: string;
  projectId: string;
  /** The owner once accounts exist; null: a conversation of the project. */
  userId: string | null;
  title: string;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
}

export interface ConversationMessageRow {
  role: ConversationRole;
  content: string;
  /** The answer's citations as the chat returned them (empty for a question). */
  citations: unknown[];
  notice: string | null;
  createdAt: string;
  kind: ConversationTurnKind;
  /** An explore answer's steps as the agent took them; null otherwise. */
  steps: unknown[] | null;
}

export interface NewConversationMessage {
  role: ConversationRole;
  content: string;
  citations?: readonly unknown[];
  notice?: string | null;
  kind?: ConversationTurnKind;
  steps?: readonly unknown[] | null;
}

interface ConversationRecord {
  id: string;
  project_id: string;
  user_id: string | null;
  title: string;
  created_at: string;
  updated_at: string;
  message_count: number;
}

interface MessageRecord {
  role: ConversationRole;
  content: string;
  citations: string;
  notice: string | null;
  created_at: string;
  kind: ConversationTurnKind;
  steps: string | null;
}

const SELECT_CONVERSATION = `
  SELECT c.*, (SELECT COUNT(*) FROM conversation_messages m WHERE m.conversation_id = c.id) AS message_count
  FROM conversations c`;

/** A project's named conversations and their messages (catalog migration 0005; explore turns: 0007). */
export class ConversationsRepository {
  private readonly insert: Database.Statement;
  private readonly byId: Database.Statement<[string, string], ConversationRecord>;
  private readonly ofProject: Database.Statement<[string], ConversationRecord>;
  private readonly setTitle: Database.Statement<[string, string, string, string]>;
  private readonly touch: Database.Statement<[string, string]>;
  private readonly deleteById: Database.Statement<[string, string]>;
  private readonly insertMessage: Database.Statement;
  private readonly messagesOf: Database.Statement<[string], MessageRecord>;
  private readonly appendAll: (conversationId: string, messages: readonly NewConversationMessage[]) => void;

  constructor(db: Database.Database) {
    this.insert = db.prepare(`
      INSERT INTO conversations (id, project_id, user_id, title, created_at, updated_at)
      VALUES (@id, @projectId, @userId, @title, @createdAt, @createdAt)`);
    this.byId = db.prepare(`${SELECT_CONVERSATION} WHERE c.project_id = ? AND c.id = ?`);
    this.ofProject = db.prepare(`${SELECT_CONVERSATION} WHERE c.project_id = ? ORDER BY c.updated_at DESC, c.rowid DESC`);
    this.setTitle = db.prepare('UPDATE conversations SET title = ?, updated_at = ? WHERE project_id = ? AND id = ?');
    this.touch = db.prepare('UPDATE conversations SET updated_at = ? WHERE id = ?');
    this.deleteById = db.prepare('DELETE FROM conversations WHERE project_id = ? AND id = ?');
    this.insertMessage = db.prepare(`
      INSERT INTO conversation_messages (conversation_id, role, content, citations, notice, created_at, kind, steps)
      VALUES (@conversationId, @role, @content, @citations, @notice, @createdAt, @kind, @steps)`);
    this.messagesOf = db.prepare('SELECT * FROM conversation_messages WHERE conversation_id = ? ORDER BY seq');
    this.appendAll = db.transaction((conversationId: string, messages: readonly NewConversationMessage[]) => {
      const createdAt = new Date().toISOString();
      for (const message of messages) {
        this.insertMessage.run({
          conversationId,
          role: message.role,
          content: message.content,
          citations: JSON.stringify(message.citations ?? []),
          notice: message.notice ?? null,
          createdAt,
          kind: message.kind ?? 'chat',
          steps: message.steps ? JSON.stringify(message.steps) : null,
        });
      }
      this.touch.run(createdAt, conversationId);
    });
  }

  create(projectId: string, title: string, userId: string | null = null): ConversationRow {
    const id = nanoid();
    this.insert.run({ id, projectId, userId, title, createdAt: new Date().toISOString() });
    return this.find(projectId, id)!;
  }

  /** The project's conversation with this id; null when there is none (or it is another project's). */
  find(projectId: string, id: string): ConversationRow | null {
    const row = this.byId.get(projectId, id);
    return row ? toConversation(row) : null;
  }

  /** Most recently used first. */
  list(projectId: string): ConversationRow[] {
    return this.ofProject.all(projectId).map(toConversation);
  }

  rename(projectId: string, id: string, title: string): ConversationRow | null {
    if (this.setTitle.run(title, new Date().toISOString(), projectId, id).changes === 0) return null;
    return this.find(projectId, id);
  }

  /** False when the project has no conversation with this id. Its messages go with it (ON DELETE CASCADE). */
  delete(projectId: string, id: string): boolean {
    return this.deleteById.run(projectId, id).changes > 0;
  }

  /** Appends the messages in one transaction (a turn: the question and its answer). */
  append(conversationId: string, messages: readonly NewConversationMessage[]): void {
    this.appendAll(conversationId, messages);
  }

  messages(conversationId: string): ConversationMessageRow[] {
    return this.messagesOf.all(conversationId).map((row) => ({
      role: row.role,
      content: row.content,
      citations: JSON.parse(row.citations) as unknown[],
      notice: row.notice,
      createdAt: row.created_at,
      kind: row.kind,
      steps: row.steps === null ? null : (JSON.parse(row.steps) as unknown[]),
    }));
  }
}

function toConversation(row: ConversationRecord): ConversationRow {
  return {
    id: row.id,
    projectId: row.project_id,
    userId: row.user_id,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    messageCount: row.message_count,
  };
}

import type { CatalogDb, ConversationMessageRow, ConversationRow, NewConversationMessage } from '@lectern/corpus';
import type { ExploreOutcome } from '../explore/explore.usecase';
import { FindProject } from '../projects/find-project.query';
import type { AnswerResult } from '../ask-question/ask-question.result';
import { UNTITLED_CONVERSATION, type ConversationTitleCommand } from './conversation.command';
import { ConversationNotFoundError, InvalidConversationError } from './conversation.errors';
import { conversationMarkdown, exportFileName } from './conversation-markdown';

export interface ConversationWithMessages extends ConversationRow {
  messages: ConversationMessageRow[];
}

/** A question's first words make an untitled conversation's title. */
const TITLE_FROM_QUESTION_CHARS = 80;

/**
 * A project's named conversations, kept in the catalog: list, create, rename, delete, read, export as Markdown, and
 * record a chat turn. The owner (`userId`) is stored as given; who may see which conversation is decided above this.
 */
export class ProjectConversations {
  private readonly projects: FindProject;

  constructor(private readonly catalog: CatalogDb) {
    this.projects = new FindProject(catalog);
  }

  list(projectId: string, owner: string | null = null): ConversationRow[] {
    this.projects.byId(projectId);
    return this.catalog.conversations.list(projectId).filter((c) => c.userId === owner);
  }

  create(command: ConversationTitleCommand, userId: string | null = null): ConversationRow {
    this.projects.byId(command.projectId);
    return this.catalog.conversations.create(command.projectId, command.title ?? UNTITLED_CONVERSATION, userId);
  }

  rename(command: ConversationTitleCommand, conversationId: string, owner: string | null = null): ConversationRow {
    this.find(command.projectId, conversationId, owner);
    if (command.title === undefined) throw new InvalidConversationError('title must be given');
    const renamed = this.catalog.conversations.rename(command.projectId, conversationId, command.title);
    if (!renamed) throw new ConversationNotFoundError(conversationId, command.projectId);
    return renamed;
  }

  delete(projectId: string, conversationId: string, owner: string | null = null): void {
    this.find(projectId, conversationId, owner);
    if (!this.catalog.conversations.delete(projectId, conversationId)) throw new ConversationNotFoundError(conversationId, projectId);
  }

  get(projectId: string, conversationId: string, owner: string | null = null): ConversationWithMessages {
    const conversation = this.find(projectId, conversationId, owner);
    return { ...conversation, messages: this.catalog.conversations.messages(conversationId) };
  }

  /** The conversation as Markdown with its citations, and a file name for it. */
  exportMarkdown(projectId: string, conversationId: string, owner: string | null = null): { fileName: string; markdown: string } {
    const project = this.projects.byId(projectId);
    const conversation = this.find(projectId, conversationId, owner);
    const markdown = conversationMarkdown(conversation, project.name, this.catalog.conversations.messages(conversationId));
    return { fileName: exportFileName(conversation.title), markdown };
  }

  /**
   * The project's conversation of `owner` (the user who made it), or ConversationNotFoundError — also for another
   * project's or another user's conversation, whose existence is not told.
   */
  find(projectId: string, conversationId: string, owner: string | null = null): ConversationRow {
    this.projects.byId(projectId);
    const conversation = this.catalog.conversations.find(projectId, conversationId);
    if (!conversation || conversation.userId !== owner) throw new ConversationNotFoundError(conversationId, projectId);
    return conversation;
  }

  /** Appends a question and its answer; an untitled conversation takes the first question as its title. */
  recordTurn(conversation: ConversationRow, question: string, answer: AnswerResult): void {
    this.append(conversation, question, [
      { role: 'user', content: question },
      { role: 'assistant', content: answer.answer, citations: answer.citations, notice: answer.notice ?? null },
    ]);
  }

  /** Appends an explore run as a turn: the question, then the answer with its citations and the agent's steps. */
  recordExplore(conversation: ConversationRow, question: string, outcome: ExploreOutcome): void {
    this.append(conversation, question, [
      { role: 'user', content: question, kind: 'explore' },
      {
        role: 'assistant',
        content: outcome.answer,
        citations: outcome.citations,
        notice: outcome.notice ?? null,
        kind: 'explore',
        steps: outcome.steps,
      },
    ]);
  }

  private append(conversation: ConversationRow, question: string, messages: NewConversationMessage[]): void {
    this.catalog.transaction(() => {
      this.catalog.conversations.append(conversation.id, messages);
      if (conversation.messageCount === 0 && conversation.title === UNTITLED_CONVERSATION) {
        this.catalog.conversations.rename(conversation.projectId, conversation.id, titleFrom(question));
      }
    });
  }
}

function titleFrom(question: string): string {
  const text = question.replace(/\s+/g, ' ').trim();
  if (text.length <= TITLE_FROM_QUESTION_CHARS) return text;
  const cut = text.slice(0, TITLE_FROM_QUESTION_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${space > TITLE_FROM_QUESTION_CHARS / 2 ? cut.slice(0, space) : cut}…`;
}

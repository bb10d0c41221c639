import { InvalidInputError, NotFoundError } from '@lectern/common';

export class ConversationNotFoundError extends NotFoundError {
  override readonly name = 'ConversationNotFoundError';
  constructor(id: string, projectId: string) {
    super(`no conversation ${JSON.stringify(id)} in project ${JSON.stringify(projectId)}`);
  }
}

export class InvalidConversationError extends InvalidInputError {
  override readonly name = 'InvalidConversationError';
}

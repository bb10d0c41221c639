import { InvalidInputError, NotFoundError } from '@lectern/common';

/** A scoped request names an article this project does not have (made up, removed, or another project's). */
export class ArticleNotInProjectError extends NotFoundError {
  override readonly name = 'ArticleNotInProjectError';
  constructor(
    readonly articleId: string,
    projectId: string,
    message = `no article ${JSON.stringify(articleId)} in project ${JSON.stringify(projectId)}; scope a search only to this project's articles`,
  ) {
    super(message);
  }
}

/** What was typed for a paper (`--paper`) names none, or more than one. */
export class ArticleScopeError extends InvalidInputError {
  override readonly name = 'ArticleScopeError';
}

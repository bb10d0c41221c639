import { InvalidInputError, MAX_ID_LENGTH, NotFoundError } from '@lectern/common';

/** The section is not in the article the request names: unknown, or another article's. */
export class SectionNotFoundError extends NotFoundError {
  override readonly name = 'SectionNotFoundError';
  constructor(sectionId: string, articleId: string) {
    super(`no section ${JSON.stringify(sectionId)} in article ${JSON.stringify(articleId)}`);
  }
}

/**
 * A section id not of the shape the corpus hands out (nanoids: letters, digits, `_` and `-`). Only a hand-made import
 * could hold another, and its outline would still list it.
 */
export class InvalidSectionIdError extends InvalidInputError {
  override readonly name = 'InvalidSectionIdError';
  constructor(sectionId: string) {
    super(`${JSON.stringify(sectionId.slice(0, 80))} is not a section id (1 to ${MAX_ID_LENGTH} letters, digits, "_" or "-")`);
  }
}

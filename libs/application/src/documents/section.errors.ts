import { InvalidInputError, NotFoundError } from '@lectern/common';

/** The section is not in the article the request names: unknown, or another article's. */
export class SectionNotFoundError extends NotFoundError {
  override readonly name = 'SectionNotFoundError';
  constructor(sectionId: string, articleId: string) {
    super(`no section ${JSON.stringify(sectionId)} in article ${JSON.stringify(articleId)}`);
  }
}

/** A section id that no corpus could hold (ids are nanoids: letters, digits, `_` and `-`). */
export class InvalidSectionIdError extends InvalidInputError {
  override readonly name = 'InvalidSectionIdError';
  constructor(sectionId: string) {
    super(`${JSON.stringify(sectionId.slice(0, 80))} is not a section id (1 to ${MAX_ID_LENGTH} letters, digits, "_" or "-")`);
  }
}

/** Longer than any id the corpus hands out (nanoid's 21), short enough to echo in a message. */
export const MAX_ID_LENGTH = 64;
const ID_SHAPE = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_ID_LENGTH}}$`);

/** Whether `id` has the shape of the ids the corpus hands out (nanoid). */
export function isIdShaped(id: string): boolean {
  return ID_SHAPE.test(id);
}

import type { FlowLine } from './layout.types';
import { words } from './text-patterns';

/** Words that name an organisation, never a person, in an author list. */
const ORGANISATION = /\b(society|association|committee|subcommittee|observatory)\b/i;

/**
 * With no person named, a committee printed alone on the first line under the title ("Editorial Subcommittee of the
 * Society") is the author; a line with an address (commas, digits) is an affiliation.
 */
export function organisationAuthor(between: FlowLine[]): string[] {
  const first = between[0]?.text.trim() ?? '';
  const plain = !/[,\d@()]/.test(first) && words(first).length <= ORGANISATION_MAX_WORDS;
  return plain && ORGANISATION.test(first) ? [first] : [];
}

const ORGANISATION_MAX_WORDS = 8;

/** A name in an author list that is a society or committee, not a person. */
export function isOrganisation(name: string): boolean {
  return ORGANISATION.test(name);
}

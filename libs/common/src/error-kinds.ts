import { DomainError } from './domain-error';

/** The caller's input is at fault (a bad argument, an unreadable file): a 4xx with a message for the user. */
export abstract class InvalidInputError extends DomainError {
  override readonly status: number = 400;
  override readonly exposable: boolean = true;
}

/** The request names something that does not exist. */
export abstract class NotFoundError extends InvalidInputError {
  override readonly status: number = 404;
}

/** The request clashes with what is already there (a taken name, a corpus embedded with another model). */
export abstract class ConflictError extends InvalidInputError {
  override readonly status: number = 409;
}

import { ConflictError, DomainError, InvalidInputError, NotFoundError } from '@lectern/common';

/** No credentials, or credentials that are not (or no longer) valid: sign in again. */
export class NotSignedInError extends DomainError {
  override readonly name: string = 'NotSignedInError';
  override readonly status = 401;
  override readonly exposable = true;
  constructor(message = 'sign in first (a session cookie or Authorization: Bearer <API key>)') {
    super(message);
  }
}

/** The email and password do not match an account; worded the same whichever is wrong. */
export class InvalidCredentialsError extends NotSignedInError {
  override readonly name = 'InvalidCredentialsError';
  constructor() {
    super('wrong email or password');
  }
}

/** Signed in, but this caller may not do this. */
export class ForbiddenError extends DomainError {
  override readonly name = 'ForbiddenError';
  override readonly status = 403;
  override readonly exposable = true;
}

export class InvalidAccountInputError extends InvalidInputError {
  override readonly name = 'InvalidAccountInputError';
}

export class UserNotFoundError extends NotFoundError {
  override readonly name = 'UserNotFoundError';
  constructor(who: string) {
    super(`no user ${JSON.stringify(who)}`);
  }
}

export class ApiKeyNotFoundError extends NotFoundError {
  override readonly name = 'ApiKeyNotFoundError';
  constructor(id: string) {
    super(`no API key ${JSON.stringify(id)}`);
  }
}

export class InviteNotFoundError extends NotFoundError {
  override readonly name = 'InviteNotFoundError';
  constructor() {
    super('no such invite link');
  }
}

/** The invite link exists but can no longer be used: revoked, expired or used up. */
export class InviteUnusableError extends DomainError {
  override readonly name = 'InviteUnusableError';
  override readonly status = 410;
  override readonly exposable = true;
}

/** A project keeps at least one owner. */
export class LastOwnerError extends ConflictError {
  override readonly name = 'LastOwnerError';
  constructor() {
    super('a project needs at least one owner: make someone else owner first');
  }
}

/** The one-time setup link is wrong, used, or an account already exists. */
export class SetupClosedError extends DomainError {
  override readonly name = 'SetupClosedError';
  override readonly status = 403;
  override readonly exposable = true;
  constructor() {
    super('setup is closed: the link is wrong or already used, or an admin exists (sign in instead)');
  }
}

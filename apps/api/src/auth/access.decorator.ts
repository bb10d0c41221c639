import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth } from '@nestjs/swagger';
import type { AccessPolicy, ProjectRef, ProjectRole } from '@lectern/application';
import { ApiErrors } from '../core/api-errors.decorator';

export const ACCESS_POLICY = 'lectern:access-policy';
export const SESSION_COOKIE = 'lectern_session';

const secured = (policy: AccessPolicy, errors: Record<number, string>) =>
  applyDecorators(SetMetadata(ACCESS_POLICY, policy), ApiCookieAuth(SESSION_COOKIE), ApiBearerAuth(), ApiErrors(errors));

const NOT_SIGNED_IN = 'No valid session cookie or API key.';

/** Anyone may call the route, signed in or not (the guard still identifies a signed-in caller for `@Auth()`). */
export const Public = () => SetMetadata(ACCESS_POLICY, { kind: 'public' } satisfies AccessPolicy);

/** Any signed-in caller; `projectKeys: false` refuses API keys limited to one project. */
export const SignedIn = (options: { projectKeys?: boolean } = {}) =>
  secured(
    { kind: 'signed-in', projectKeys: options.projectKeys ?? true },
    options.projectKeys === false
      ? { 401: NOT_SIGNED_IN, 403: 'An API key limited to one project cannot do this.' }
      : { 401: NOT_SIGNED_IN },
  );

/** Instance admins only. */
export const AdminOnly = () => secured({ kind: 'admin' }, { 401: NOT_SIGNED_IN, 403: 'Only an admin may do this.' });

/**
 * Members of the project with at least `role`. `ref` names the path parameter that leads to the project: a project
 * id (default `projectId`), or a document or article id. Non-members get the route's 404, as if it did not exist.
 */
export const ProjectRoute = (role: ProjectRole, ref: ProjectRef = { project: 'projectId' }) =>
  secured({ kind: 'project', role, ref }, { 401: NOT_SIGNED_IN, 403: `A member below the ${role} role.` });

export * from './accounts.types';
export { UsersRepository, type NewUser } from './users.repository';
export { MembershipsRepository } from './memberships.repository';
export { SessionsRepository, type SessionRow } from './sessions.repository';
export { ApiKeysRepository, type NewApiKey } from './api-keys.repository';
export { InvitesRepository, type NewInvite } from './invites.repository';
export { AuditRepository } from './audit.repository';

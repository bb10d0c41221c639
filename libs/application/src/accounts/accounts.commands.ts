import { z } from 'zod';
import { PROJECT_ROLES, type ProjectRole } from '@lectern/corpus';
import { parseCommand } from '../command';
import { InvalidAccountInputError } from './accounts.errors';

export const MIN_PASSWORD_LENGTH = 8;

const email = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address');
const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024, 'must be at most 1024 characters');
const displayName = z
  .string()
  .trim()
  .max(200, 'must be at most 200 characters')
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'must not contain control characters');
export const projectRole = z.enum(PROJECT_ROLES as [ProjectRole, ...ProjectRole[]], {
  errorMap: () => ({ message: `must be ${PROJECT_ROLES.join(', ')}` }),
});

const newUserSchema = z.object({
  email,
  password: password.optional(),
  displayName: displayName.optional(),
  admin: z.boolean().optional(),
});
export type NewUserInput = z.input<typeof newUserSchema>;
export const parseNewUser = (input: unknown) => parseCommand(newUserSchema, input, InvalidAccountInputError);

const apiKeySchema = z
  .object({
    name: displayName.refine((s) => s.length > 0, 'must not be empty'),
    projectId: z.string().min(1).optional(),
    role: projectRole.optional(),
  })
  .refine((k) => !k.role || k.projectId, { message: 'needs projectId (a role applies within one project)', path: ['role'] });
export type NewApiKeyInput = z.input<typeof apiKeySchema>;
export const parseNewApiKey = (input: unknown) => parseCommand(apiKeySchema, input, InvalidAccountInputError);

export const MAX_INVITE_HOURS = 24 * 90;
const inviteSchema = z.object({
  role: projectRole,
  expiresInHours: z
    .number()
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1')
    .max(MAX_INVITE_HOURS, `must be at most ${MAX_INVITE_HOURS}`)
    .default(24 * 7),
  maxUses: z.number().int('must be a whole number').min(1, 'must be at least 1').max(100_000).optional(),
});
export type NewInviteInput = z.input<typeof inviteSchema>;
export const parseNewInvite = (input: unknown) => parseCommand(inviteSchema, input, InvalidAccountInputError);

export const parseRole = (role: unknown) => parseCommand(z.object({ role: projectRole }), { role }, InvalidAccountInputError).role;

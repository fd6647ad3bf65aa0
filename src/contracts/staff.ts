// Staff accounts (docs/decisions/018-staff-roles.md): the list, creating a member, changing a role,
// disabling and enabling, resetting a password, signing a member out everywhere; and the signed-in
// member's own account (GET /api/admin/me), from which the web app builds its access control.
import { z } from 'zod';
import { secondFactorStatusSchema } from './account';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth';
import { isValidEmail, MAX_SHORT_TEXT_LENGTH } from './common';
import { roleSchema } from './role-schema';
import { ROLES } from './roles';

export const STAFF_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${MAX_SHORT_TEXT_LENGTH} characters`,
  emailInvalid: 'Please enter a valid email address',
  roleInvalid: `Role must be one of: ${ROLES.join(', ')}`,
  passwordLength: `Password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
  notFound: 'Staff member not found',
  emailTaken: 'A staff member with this email already exists.',
  lastAdministrator: 'At least one active administrator must remain: make another staff member an administrator first.',
  noSecondFactor: 'This staff member has no second factor to reset.',
} as const;

/** One staff account as the Staff screen shows it; never its password. */
export const staffRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** ISO 8601 while the account is disabled; null while it may sign in. */
  disabledAt: z.string().nullable(),
  /** The member signs in with a second factor (docs/decisions/020-second-factor.md). */
  hasSecondFactor: z.boolean(),
  createdAt: z.string(),
});
export type StaffRow = z.infer<typeof staffRowSchema>;

const passwordSchema = z
  .string(STAFF_MESSAGES.passwordLength)
  .min(MIN_PASSWORD_LENGTH, STAFF_MESSAGES.passwordLength)
  .max(MAX_PASSWORD_LENGTH, STAFF_MESSAGES.passwordLength);

/** POST /api/admin/staff: the first password, which the member may change later. */
export const createStaffRequestSchema = z.object({
  name: z
    .string(STAFF_MESSAGES.nameRequired)
    .max(MAX_SHORT_TEXT_LENGTH, { message: STAFF_MESSAGES.nameTooLong, abort: true })
    .trim()
    .min(1, STAFF_MESSAGES.nameRequired),
  email: z
    .string(STAFF_MESSAGES.emailInvalid)
    .max(MAX_SHORT_TEXT_LENGTH, { message: STAFF_MESSAGES.emailInvalid, abort: true })
    .trim()
    .refine(isValidEmail, STAFF_MESSAGES.emailInvalid),
  role: z.enum(ROLES, STAFF_MESSAGES.roleInvalid),
  password: passwordSchema,
});
export type CreateStaffRequest = z.infer<typeof createStaffRequestSchema>;

/** PUT /api/admin/staff/:id/role */
export const changeRoleRequestSchema = z.object({ role: z.enum(ROLES, STAFF_MESSAGES.roleInvalid) });

/** POST /api/admin/staff/:id/reset-password: the member's sessions end too. */
export const resetPasswordRequestSchema = z.object({ password: passwordSchema });

/** POST /api/admin/staff/:id/revoke-sessions: how many sessions were signed out. */
export const revokeSessionsResponseSchema = z.object({ revoked: z.number().int() });

/** GET /api/admin/me: the signed-in staff member, and where their second factor stands. */
export const meResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  secondFactor: secondFactorStatusSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

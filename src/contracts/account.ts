// The signed-in member's own account: password change, and the second factor (TOTP, RFC 6238) with
// its recovery codes; the second step of a sign-in; what an administrator sets for others
// (docs/decisions/020-second-factor.md). Errors carry a `reason` the web app translates.
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth';
import { roleSchema } from './role-schema';
import { ROLES } from './roles';

/** How many recovery codes a member gets at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: 16 letters and digits of Crockford's base32, shown in four groups of four. */
export const RECOVERY_CODE_LENGTH = 16;

export { ACCOUNT_REASONS } from './account-reasons';

export const ACCOUNT_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  recoveryCodeFormat: 'A recovery code has 16 letters and digits.',
  oneOfCodes: 'Enter either a code from your authenticator app or a recovery code.',
  codeInvalid: 'That code is not right. Check your authenticator app and try again.',
  challengeEnded: 'This sign-in has expired. Please enter your e-mail and password again.',
  setupReplaced: 'This setup was replaced by a newer one (in another tab or window). Start again.',
  requiredByRole: 'Your role requires two-factor sign-in, so it cannot be turned off.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  enrolmentRequired: 'Your role requires two-factor sign-in: set it up first.',
  currentPasswordWrong: 'The current password is not right.',
  passwordLength: `Password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
  passwordCommon: 'This password is among the most common ones. Choose another.',
  currentPasswordRequired: 'Current password is required',
  stepUpRequired: 'Confirm it is you first: give your password, or a code when you sign in with one.',
  stepUpNeedsSecondFactor: 'You sign in with a second factor: confirm it is you with a code from your authenticator app or a recovery code.',
  oneOfStepUpProofs: 'Enter either your password, a code from your authenticator app or a recovery code.',
} as const;

/** How long a step-up lets a session make the calls that can take an account (docs/decisions/039-step-up.md). */
export const STEP_UP_MINUTES = 5;

/** Six digits; spaces a user types between groups ("123 456") are dropped first. */
export const totpCodeSchema = z
  .string(ACCOUNT_MESSAGES.codeFormat)
  .max(20, { message: ACCOUNT_MESSAGES.codeFormat, abort: true })
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, ACCOUNT_MESSAGES.codeFormat));

/** A recovery code as typed: spaces and dashes dropped, letters upper-cased, then 16 base32 characters. */
export const recoveryCodeSchema = z
  .string(ACCOUNT_MESSAGES.recoveryCodeFormat)
  .max(40, { message: ACCOUNT_MESSAGES.recoveryCodeFormat, abort: true })
  .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{16}$/, ACCOUNT_MESSAGES.recoveryCodeFormat));

/** A second factor: a current code, or one recovery code; exactly one of them. */
export const secondFactorProofSchema = z
  .object({ code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .refine((proof) => (proof.code === undefined) !== (proof.recoveryCode === undefined), ACCOUNT_MESSAGES.oneOfCodes);
export type SecondFactorProof = z.infer<typeof secondFactorProofSchema>;

/**
 * POST /api/admin/admin-login answers one of two steps: signed in (`token`), or a second factor to
 * give (`challenge`, for POST /api/admin/admin-login/second-factor within five minutes). Only a
 * right password gets either, so the first step says nothing of a second one before that.
 */
export const loginStepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('signed-in'), token: z.string() }),
  z.object({ step: z.literal('second-factor'), challenge: z.string() }),
]);
export type LoginStep = z.infer<typeof loginStepSchema>;

/** POST /api/admin/admin-login/second-factor */
export const secondFactorLoginRequestSchema = z
  .object({
    challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, ACCOUNT_MESSAGES.challengeEnded),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((proof) => (proof.code === undefined) !== (proof.recoveryCode === undefined), ACCOUNT_MESSAGES.oneOfCodes);
export const signedInSchema = z.object({ token: z.string() });

/** The second factor as the member's own account screen (and GET /api/admin/me) shows it. */
export const secondFactorStatusSchema = z.object({
  /** The member signs in with a code. */
  isEnabled: z.boolean(),
  /** Their role requires it (then it cannot be turned off, and without it nothing else can be done). */
  isRequired: z.boolean(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** POST /api/admin/account/second-factor/setup: a new secret to scan; a later setup replaces it. */
export const secondFactorSetupSchema = z.object({
  /** Names this setup: confirming a replaced one answers 409 with `setupReplaced`. */
  setupId: z.string(),
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG document. */
  qrCodeSvg: z.string(),
});
export type SecondFactorSetup = z.infer<typeof secondFactorSetupSchema>;

/** POST /api/admin/account/second-factor/confirm: one current code of the new secret. */
export const confirmSecondFactorRequestSchema = z.object({
  setupId: z.string().max(100),
  code: totpCodeSchema,
});

/** The ten recovery codes, shown once (after confirming, or when new ones are made). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/admin/account/password, after a step-up: every other session of the member ends. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string(ACCOUNT_MESSAGES.currentPasswordRequired)
    .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
    .max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.currentPasswordWrong),
  newPassword: z
    .string(ACCOUNT_MESSAGES.passwordLength)
    .min(MIN_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordLength)
    .max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.passwordLength),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * POST /api/admin/account/step-up: the member proves it is them again, with exactly one of their
 * password (a member without a second factor), a current code or a recovery code (a member with one).
 */
export const stepUpRequestSchema = z
  .object({
    password: z.string().min(1, ACCOUNT_MESSAGES.oneOfStepUpProofs).max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.currentPasswordWrong).optional(),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((proof) => [proof.password, proof.code, proof.recoveryCode].filter((given) => given !== undefined).length === 1, ACCOUNT_MESSAGES.oneOfStepUpProofs);
export type StepUpRequest = z.infer<typeof stepUpRequestSchema>;

/** The step-up's answer: until when this session may make the calls that ask for one. */
export const stepUpResponseSchema = z.object({ validUntil: z.string() });
export type StepUpResponse = z.infer<typeof stepUpResponseSchema>;

/** GET and PUT /api/admin/staff/second-factor-policy: the roles whose members must use a second factor. */
export const secondFactorPolicySchema = z.object({
  requiredRoles: z.array(roleSchema).max(ROLES.length),
});
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicySchema>;

// The `reason` of each refusal of the account and second-factor calls that the web app tells apart.
// No zod here: the sign-in page reads it and must stay light (src/contracts/account.ts re-exports it).
export const ACCOUNT_REASONS = {
  /** 403 on every call but enrolment: the member's role requires a second factor and they have none. */
  enrolmentRequired: 'second-factor-enrolment-required',
  /** 401 on the second step: the code is wrong (or was used already). */
  codeInvalid: 'second-factor-code-invalid',
  /** 401 on the second step: the step is unknown, used, expired or had too many wrong codes; sign in again. */
  challengeEnded: 'second-factor-challenge-ended',
  /** 409 on confirming: another setup (another tab) replaced this one. */
  setupReplaced: 'second-factor-setup-replaced',
  /** 409: the member's role requires a second factor, so it cannot be turned off. */
  requiredByRole: 'second-factor-required-by-role',
  /** 409: enrolling while a second factor is already on, or turning off one that is not. */
  alreadyOn: 'second-factor-already-on',
  notOn: 'second-factor-not-on',
  /** 400 on a password change: the current password is wrong. */
  currentPasswordWrong: 'current-password-wrong',
  /** 400: the new password is one of the 100,000 most common. */
  passwordCommon: 'password-common',
  /**
   * 403 on a call that can take an account (docs/decisions/039-step-up.md): this session has not
   * stepped up (POST /api/admin/account/step-up) in the last 5 minutes, or did with a password while
   * the member has a second factor. Nothing was changed.
   */
  stepUpRequired: 'step-up-required',
  /** 400 on a step-up with a password: the member has a second factor, so a code (or a recovery code) is asked. */
  stepUpNeedsSecondFactor: 'step-up-needs-second-factor',
} as const;

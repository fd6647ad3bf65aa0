// The signed-in member's own account: who they are, their password, their second factor
// (docs/decisions/020-second-factor.md). Each change lands in one transaction with its audit entry
// (entity type `staff`, their own id) and ends the member's other sessions. Wrong passwords and
// codes count on the account's sign-in limit, on a budget of this session's own (as a device
// cookie's), so guesses from a stolen session are as limited as guesses at sign-in. The calls that
// can take an account ask first for a step-up of the session (docs/decisions/039-step-up.md).
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_REASONS,
  type ChangePasswordRequest,
  type RecoveryCodes,
  STEP_UP_MINUTES,
  type SecondFactorProof,
  type SecondFactorSetup,
  type StepUpRequest,
  type StepUpResponse,
} from '../../../src/contracts/account';
import { STAFF_MESSAGES, type MeResponse } from '../../../src/contracts/staff';
import type { Database, Transaction } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import type { AuthRepository } from '../auth/auth.repository';
import type { AdminPrincipal } from '../auth/auth.service';
import { isCommonPassword } from '../auth/common-passwords';
import type { PasswordHasher } from '../auth/password';
import { createRecoveryCodes, createTotpSecret, describeSecret, hashRecoveryCode, matchingStep } from '../auth/second-factor';
import { useSecondFactorProof } from '../auth/second-factor-proof';
import type { SecretSeal } from '../auth/secret-seal';
import type { SignInLimits } from '../auth/sign-in-limits';
import { createToken } from '../auth/tokens';
import type { AccountRepository } from './account.repository';

interface AccountServiceDeps {
  db: Database;
  repository: AccountRepository;
  auth: AuthRepository;
  audit: AuditService;
  limits: SignInLimits;
  passwords: PasswordHasher;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The issuer an authenticator app shows beside the code. */
  appName: string;
  /** Seals the TOTP secrets stored and opens them again (decision 036). */
  seal: SecretSeal;
}

/** Refuses a password among the 100,000 most common (ASVS 2.1.7), wherever one is set. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new BadRequestError(ACCOUNT_MESSAGES.passwordCommon, ACCOUNT_REASONS.passwordCommon);
}

const codeInvalid = () => new BadRequestError(ACCOUNT_MESSAGES.codeInvalid, ACCOUNT_REASONS.codeInvalid);
const currentPasswordWrong = () => new BadRequestError(ACCOUNT_MESSAGES.currentPasswordWrong, ACCOUNT_REASONS.currentPasswordWrong);

/** How long a step-up counts (decision 039). */
const STEP_UP_MS = STEP_UP_MINUTES * 60 * 1000;

export function createAccountService({ db, repository, auth, audit, limits, passwords, clock, log, appName, seal }: AccountServiceDeps) {
  async function load(administratorId: number) {
    const account = await repository.find(db, administratorId);
    if (!account) throw new NotFoundError(STAFF_MESSAGES.notFound);
    return account;
  }

  /** The account's limit for a guess made from this session (its own budget, like a device cookie's). */
  const passLimits = (principal: AdminPrincipal, clientAddress: string) =>
    limits.passAccount(`id:${principal.administratorId}`, clientAddress, `session:${principal.tokenHash}`);

  /** Uses up a right proof in the transaction: a code's step (each accepted once) or one recovery code. */
  const useProof = (transaction: Transaction, administratorId: number, storedSecret: string, proof: SecondFactorProof) =>
    useSecondFactorProof(auth, seal, transaction, { administratorId, storedSecret }, proof, clock.now());

  /** Ten new recovery codes in place of the old ones; only their hashes are kept. */
  async function replaceRecoveryCodes(transaction: Transaction, administratorId: number): Promise<string[]> {
    const codes = createRecoveryCodes();
    await repository.replaceRecoveryCodes(
      transaction,
      administratorId,
      codes.map((code) => hashRecoveryCode(code)),
      clock.now(),
    );
    return codes;
  }

  /** The audit entry of a change to one's own account, and the end of one's other sessions. */
  async function recordOwnChange(transaction: Transaction, principal: AdminPrincipal, action: `account.${string}`): Promise<number> {
    const revoked = await auth.revokeOtherSessions(transaction, principal.administratorId, principal.sessionId, clock.now());
    await audit.record(transaction, {
      administratorId: principal.administratorId,
      action,
      entityType: 'staff',
      entityId: principal.administratorId,
      after: { sessionsRevoked: revoked },
    });
    return revoked;
  }

  /** A failed step-up: a security event, like a failed sign-in. */
  const stepUpFailed = (administratorId: number, reason: string, clientAddress: string) =>
    log.warn({ event: 'step-up.failed', reason, administratorId, clientAddress }, 'step-up refused');

  return {
    /**
     * The member proves it is them again in this session (decision 039): with their password when
     * they have no second factor, else with a current code or a recovery code (used up). Counted on
     * the account's sign-in limit like a sign-in's guess; a right one is recorded on the session's row.
     */
    async stepUp(principal: AdminPrincipal, request: StepUpRequest, clientAddress: string): Promise<StepUpResponse> {
      const account = await load(principal.administratorId);
      const secret = account.totpSecret;
      const { password } = request;
      if (password !== undefined && secret !== null) {
        stepUpFailed(account.id, 'needs-second-factor', clientAddress);
        throw new BadRequestError(ACCOUNT_MESSAGES.stepUpNeedsSecondFactor, ACCOUNT_REASONS.stepUpNeedsSecondFactor);
      }
      if (password === undefined && secret === null) throw new ConflictError(ACCOUNT_MESSAGES.notOn, ACCOUNT_REASONS.notOn);
      const tries = await passLimits(principal, clientAddress);
      const now = clock.now();
      if (password !== undefined) {
        if (!(await passwords.verify(password, account.passwordHash)).isValid) {
          stepUpFailed(account.id, 'password', clientAddress);
          throw currentPasswordWrong();
        }
        await repository.recordStepUp(db, principal.sessionId, 'password', now);
      } else {
        const isRight = await db.transaction(async (transaction) => {
          if (!(await useProof(transaction, account.id, secret!, request))) return false;
          await repository.recordStepUp(transaction, principal.sessionId, 'second-factor', now);
          return true;
        });
        if (!isRight) {
          stepUpFailed(account.id, 'second-factor', clientAddress);
          throw codeInvalid();
        }
        if (request.recoveryCode !== undefined) {
          log.warn({ event: 'second-factor.recovery-code-used', administratorId: account.id, clientAddress }, 'stepped up with a recovery code');
        }
      }
      await tries.succeeded();
      log.info(
        { event: 'step-up.succeeded', administratorId: account.id, with: password === undefined ? 'second-factor' : 'password', clientAddress },
        'stepped up',
      );
      return { validUntil: new Date(now.getTime() + STEP_UP_MS).toISOString() };
    },

    /**
     * Whether this session stepped up in the last STEP_UP_MINUTES, with a second factor when the
     * member has one now (a password step-up made before turning it on no longer counts).
     */
    async hasRecentStepUp(principal: AdminPrincipal): Promise<boolean> {
      const found = await repository.findStepUp(principal.sessionId);
      if (!found?.steppedUpAt) return false;
      if (clock.now().getTime() - found.steppedUpAt.getTime() >= STEP_UP_MS) return false;
      return !found.hasSecondFactor || found.steppedUpWith === 'second-factor';
    },

    async me(administratorId: number): Promise<MeResponse> {
      const account = await load(administratorId);
      return {
        id: account.id,
        name: account.name,
        email: account.email,
        role: account.role,
        secondFactor: {
          isEnabled: account.totpSecret !== null,
          isRequired: account.isSecondFactorRequired,
          recoveryCodesLeft: account.totpSecret === null ? 0 : account.recoveryCodesLeft,
        },
      };
    },

    /** The current password, then a new one that is not common; every other session ends. */
    async changePassword(principal: AdminPrincipal, request: ChangePasswordRequest, clientAddress: string): Promise<void> {
      const account = await load(principal.administratorId);
      refuseCommonPassword(request.newPassword);
      const tries = await passLimits(principal, clientAddress);
      if (!(await passwords.verify(request.currentPassword, account.passwordHash)).isValid) {
        log.info({ event: 'password.change-refused', administratorId: account.id, clientAddress }, 'wrong current password');
        throw currentPasswordWrong();
      }
      await tries.succeeded();
      const passwordHash = await passwords.hash(request.newPassword);
      const revoked = await db.transaction(async (transaction) => {
        await auth.updatePassword(transaction, account.id, passwordHash, clock.now());
        return recordOwnChange(transaction, principal, 'account.password-change');
      });
      log.info({ event: 'password.set', administratorId: account.id, by: account.id }, 'own password changed');
      log.info({ event: 'session.revoked', reason: 'password-change', administratorId: account.id, revoked }, 'other sessions revoked');
    },

    /**
     * At start: seals the secrets stored as they are, when a key is configured (stored before it was),
     * and seals again under the key those sealed under a previous key (a rotation); says so when some
     * do not open with any key, or when there is no key and secrets are stored as they are.
     */
    async sealStoredSecrets(): Promise<void> {
      let sealed = 0;
      let resealed = 0;
      let unreadable = 0;
      let openText = 0;
      for (const row of await repository.storedSecrets()) {
        for (const column of ['totpSecret', 'totpPendingSecret'] as const) {
          const stored = row[column];
          if (stored === null) continue;
          const moved = seal.reseal(stored, row.id);
          if (moved !== undefined) {
            await repository.replaceStoredSecret(row.id, column, stored, moved);
            resealed += 1;
          } else if (!seal.isOpenText(stored)) {
            if (seal.open(stored, row.id) === undefined) unreadable += 1;
          } else if (seal.isSealing) {
            await repository.replaceStoredSecret(row.id, column, stored, seal.seal(stored, row.id));
            sealed += 1;
          } else openText += 1;
        }
      }
      if (sealed > 0) log.info({ event: 'second-factor.sealed', secrets: sealed }, 'TOTP secrets stored as they were are sealed now');
      if (resealed > 0) {
        log.info({ event: 'second-factor.resealed', secrets: resealed }, 'TOTP secrets sealed under a previous key are sealed under SECOND_FACTOR_KEY now');
      }
      if (openText > 0) log.warn({ event: 'second-factor.unsealed', secrets: openText }, 'SECOND_FACTOR_KEY is not set: TOTP secrets are stored as they are');
      if (unreadable > 0) {
        log.error(
          { event: 'second-factor.unreadable', secrets: unreadable },
          'TOTP secrets that SECOND_FACTOR_KEY does not open: those members sign in with a recovery code, or an administrator resets their second factor',
        );
      }
    },

    /** A new secret to scan; it replaces any setup not yet confirmed (another tab's). */
    async startSecondFactor(principal: AdminPrincipal): Promise<SecondFactorSetup> {
      const account = await load(principal.administratorId);
      const alreadyOn = () => new ConflictError(ACCOUNT_MESSAGES.alreadyOn, ACCOUNT_REASONS.alreadyOn);
      if (account.totpSecret !== null) throw alreadyOn();
      const secret = createTotpSecret();
      const setupId = createToken();
      if (!(await repository.setPendingSecret(account.id, seal.seal(secret, account.id), setupId, clock.now()))) throw alreadyOn();
      return { setupId, secret, ...(await describeSecret(secret, { accountName: account.email, issuer: appName })) };
    },

    /** One current code of the setup's secret turns it on; answers the ten recovery codes, shown this once. */
    async confirmSecondFactor(principal: AdminPrincipal, request: { setupId: string; code: string }): Promise<RecoveryCodes> {
      const account = await load(principal.administratorId);
      if (account.totpSecret !== null) throw new ConflictError(ACCOUNT_MESSAGES.alreadyOn, ACCOUNT_REASONS.alreadyOn);
      const replaced = () => new ConflictError(ACCOUNT_MESSAGES.setupReplaced, ACCOUNT_REASONS.setupReplaced);
      if (account.totpPendingSecret === null || account.totpPendingId !== request.setupId) throw replaced();
      const pendingSecret = seal.open(account.totpPendingSecret, account.id);
      const step = pendingSecret === undefined ? undefined : matchingStep(pendingSecret, request.code, clock.now());
      if (step === undefined) throw codeInvalid();
      const recoveryCodes = await db.transaction(async (transaction) => {
        // Decided in the update: a setup started in another tab since this one was read wins.
        if (!(await repository.confirmPendingSecret(transaction, account.id, request.setupId, step))) throw replaced();
        const codes = await replaceRecoveryCodes(transaction, account.id);
        await recordOwnChange(transaction, principal, 'account.second-factor-on');
        return codes;
      });
      log.info({ event: 'second-factor.enabled', administratorId: account.id }, 'second factor turned on');
      return { recoveryCodes };
    },

    /** A current code or a recovery code turns it off, unless the member's role requires it. */
    async disableSecondFactor(principal: AdminPrincipal, proof: SecondFactorProof, clientAddress: string): Promise<void> {
      const account = await load(principal.administratorId);
      const secret = account.totpSecret;
      if (secret === null) throw new ConflictError(ACCOUNT_MESSAGES.notOn, ACCOUNT_REASONS.notOn);
      if (account.isSecondFactorRequired) throw new ConflictError(ACCOUNT_MESSAGES.requiredByRole, ACCOUNT_REASONS.requiredByRole);
      const tries = await passLimits(principal, clientAddress);
      await db.transaction(async (transaction) => {
        if (!(await useProof(transaction, account.id, secret, proof))) throw codeInvalid();
        await repository.clearSecondFactor(transaction, account.id);
        await recordOwnChange(transaction, principal, 'account.second-factor-off');
      });
      await tries.succeeded();
      log.info({ event: 'second-factor.disabled', administratorId: account.id }, 'second factor turned off');
    },

    /**
     * Ten new recovery codes; the old ones stop working. The route asks for a step-up, which for a
     * member with a second factor is a code or a recovery code (decision 039).
     */
    async renewRecoveryCodes(principal: AdminPrincipal): Promise<RecoveryCodes> {
      const account = await load(principal.administratorId);
      if (account.totpSecret === null) throw new ConflictError(ACCOUNT_MESSAGES.notOn, ACCOUNT_REASONS.notOn);
      const recoveryCodes = await db.transaction(async (transaction) => {
        const codes = await replaceRecoveryCodes(transaction, account.id);
        await audit.record(transaction, { administratorId: account.id, action: 'account.recovery-codes', entityType: 'staff', entityId: account.id });
        return codes;
      });
      log.info({ event: 'second-factor.recovery-codes', administratorId: account.id }, 'recovery codes renewed');
      return { recoveryCodes };
    },
  };
}

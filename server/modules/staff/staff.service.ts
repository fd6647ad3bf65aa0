// Staff accounts: the rules of docs/decisions/018-staff-roles.md. Every change lands in one
// transaction with its audit entry (entity type `staff`, the account's id), naming who made it.
// Nobody can disable or demote the last active administrator; disabling an account, resetting its
// password or signing it out revokes its sessions at once.
import type { FastifyBaseLogger } from 'fastify';
import type { SecondFactorPolicy } from '../../../src/contracts/account';
import { ROLES, type Role } from '../../../src/contracts/roles';
import { STAFF_MESSAGES, type CreateStaffRequest, type StaffRow } from '../../../src/contracts/staff';
import type { Database, Transaction } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AccountRepository } from '../account/account.repository';
import { refuseCommonPassword } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import type { PasswordHasher } from '../auth/password';
import { toStaffRow, type StaffRecord, type StaffRepository } from './staff.repository';

interface StaffServiceDeps {
  db: Database;
  repository: StaffRepository;
  accounts: AccountRepository;
  audit: AuditService;
  passwords: PasswordHasher;
  clock: Clock;
  log: FastifyBaseLogger;
}

const isActiveAdministrator = (record: StaffRecord) => record.role === 'administrator' && record.disabledAt === null;

/** Roles in ROLES order, each once. */
const sortRoles = (roles: readonly Role[]): Role[] => ROLES.filter((role) => roles.includes(role));

export function createStaffService({ db, repository, accounts, audit, passwords, clock, log }: StaffServiceDeps) {
  /**
   * Runs `change` on the locked account. When `mayRemoveAdministrator` says the change would take an
   * active administrator away, the active administrators are locked first and the change is refused
   * with 409 if this one is the last.
   */
  async function changeAccount<T>(
    id: number,
    mayRemoveAdministrator: boolean,
    change: (transaction: Transaction, current: StaffRecord) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (transaction) => {
      // The administrators' lock comes before the row's, in every change, so two changes cannot wait on each other.
      const activeAdministrators = mayRemoveAdministrator ? await repository.lockActiveAdministrators(transaction) : [];
      const current = await repository.lock(transaction, id);
      if (!current) throw new NotFoundError(STAFF_MESSAGES.notFound);
      if (mayRemoveAdministrator && isActiveAdministrator(current) && activeAdministrators.filter((other) => other !== id).length === 0) {
        throw new ConflictError(STAFF_MESSAGES.lastAdministrator);
      }
      return change(transaction, current);
    });
  }

  /** The audit entry of a change to a staff account, made by `actorId`, in the change's transaction. */
  async function recordChange(
    transaction: Transaction,
    actorId: number,
    id: number,
    action: `staff.${string}`,
    values: { before?: unknown; after?: unknown } = {},
  ): Promise<void> {
    await audit.record(transaction, { administratorId: actorId, action, entityType: 'staff', entityId: id, ...values });
  }

  return {
    async create(actorId: number, request: CreateStaffRequest): Promise<StaffRow> {
      refuseCommonPassword(request.password);
      // A quick answer for a taken e-mail before a password is hashed; the insert decides for real.
      if (await repository.isEmailTaken(request.email)) throw new ConflictError(STAFF_MESSAGES.emailTaken);
      const passwordHash = await passwords.hash(request.password);
      const created = await db.transaction(async (transaction) => {
        const now = clock.now();
        const row = await repository.insert(transaction, { name: request.name, email: request.email, role: request.role, passwordHash, now });
        if (!row) throw new ConflictError(STAFF_MESSAGES.emailTaken);
        await recordChange(transaction, actorId, row.id, 'staff.create', { after: { name: row.name, email: row.email, role: row.role } });
        return row;
      });
      log.info({ event: 'staff.created', administratorId: created.id, role: created.role, by: actorId }, 'staff member created');
      return toStaffRow(created);
    },

    async changeRole(actorId: number, id: number, role: Role): Promise<StaffRow> {
      return changeAccount(id, role !== 'administrator', async (transaction, current) => {
        if (current.role === role) return toStaffRow(current);
        const updated = await repository.update(transaction, id, { role, now: clock.now() });
        await recordChange(transaction, actorId, id, 'staff.role', { before: { role: current.role }, after: { role } });
        log.info({ event: 'staff.role-changed', administratorId: id, from: current.role, to: role, by: actorId }, 'staff role changed');
        return toStaffRow(updated);
      });
    },

    /** Disables the account and ends its sessions in the same transaction. */
    async disable(actorId: number, id: number): Promise<StaffRow> {
      return changeAccount(id, true, async (transaction, current) => {
        if (current.disabledAt !== null) return toStaffRow(current);
        const now = clock.now();
        const updated = await repository.update(transaction, id, { disabledAt: now, now });
        const revoked = await repository.revokeSessions(transaction, id, now);
        await recordChange(transaction, actorId, id, 'staff.disable', { before: { disabled: false }, after: { disabled: true, sessionsRevoked: revoked } });
        log.info({ event: 'session.revoked', reason: 'account-disabled', administratorId: id, revoked, by: actorId }, 'staff member disabled');
        return toStaffRow(updated);
      });
    },

    async enable(actorId: number, id: number): Promise<StaffRow> {
      return changeAccount(id, false, async (transaction, current) => {
        if (current.disabledAt === null) return toStaffRow(current);
        const updated = await repository.update(transaction, id, { disabledAt: null, now: clock.now() });
        await recordChange(transaction, actorId, id, 'staff.enable', { before: { disabled: true }, after: { disabled: false } });
        log.info({ event: 'staff.enabled', administratorId: id, by: actorId }, 'staff member enabled');
        return toStaffRow(updated);
      });
    },

    /** Sets a new password and ends the member's sessions; the password is never recorded. */
    async resetPassword(actorId: number, id: number, password: string): Promise<StaffRow> {
      refuseCommonPassword(password);
      if (!(await repository.find(db, id))) throw new NotFoundError(STAFF_MESSAGES.notFound);
      const passwordHash = await passwords.hash(password);
      return changeAccount(id, false, async (transaction) => {
        const now = clock.now();
        const updated = await repository.update(transaction, id, { passwordHash, passwordChangedAt: now, now });
        const revoked = await repository.revokeSessions(transaction, id, now);
        await recordChange(transaction, actorId, id, 'staff.password-reset', { after: { sessionsRevoked: revoked } });
        log.info({ event: 'password.set', administratorId: id, by: actorId }, 'staff password reset');
        log.info({ event: 'session.revoked', reason: 'password-reset', administratorId: id, revoked, by: actorId }, 'sessions revoked');
        return toStaffRow(updated);
      });
    },

    /** Signs the member out of every session (the caller's own too, when it is their account). */
    async revokeSessions(actorId: number, id: number): Promise<number> {
      return changeAccount(id, false, async (transaction) => {
        const revoked = await repository.revokeSessions(transaction, id, clock.now());
        await recordChange(transaction, actorId, id, 'staff.sessions-revoke', { after: { sessionsRevoked: revoked } });
        log.info({ event: 'session.revoked', reason: 'staff', administratorId: id, revoked, by: actorId }, 'staff member signed out');
        return revoked;
      });
    },

    /** Takes a member's second factor off (they set it up again at their next sign-in when their role requires it); their sessions end. */
    async resetSecondFactor(actorId: number, id: number): Promise<StaffRow> {
      return changeAccount(id, false, async (transaction) => {
        if (!(await accounts.clearSecondFactor(transaction, id))) throw new ConflictError(STAFF_MESSAGES.noSecondFactor);
        const revoked = await repository.revokeSessions(transaction, id, clock.now());
        await recordChange(transaction, actorId, id, 'staff.second-factor-reset', {
          before: { secondFactor: true },
          after: { secondFactor: false, sessionsRevoked: revoked },
        });
        log.info({ event: 'second-factor.reset', administratorId: id, revoked, by: actorId }, 'staff second factor reset');
        return toStaffRow((await repository.find(transaction, id))!);
      });
    },

    async secondFactorPolicy(): Promise<SecondFactorPolicy> {
      return { requiredRoles: sortRoles(await accounts.requiredRoles(db)) };
    },

    /** Which roles must use a second factor; recorded in Activity against the administrator who set it. */
    async setSecondFactorPolicy(actorId: number, roles: readonly Role[]): Promise<SecondFactorPolicy> {
      const requiredRoles = sortRoles(roles);
      await db.transaction(async (transaction) => {
        const before = sortRoles(await accounts.requiredRoles(transaction));
        for (const role of ROLES) await accounts.setRequired(transaction, role, requiredRoles.includes(role), clock.now());
        await recordChange(transaction, actorId, actorId, 'staff.second-factor-policy', { before: { requiredRoles: before }, after: { requiredRoles } });
      });
      log.info({ event: 'second-factor.policy', requiredRoles, by: actorId }, 'second factor requirement set');
      return { requiredRoles };
    },
  };
}

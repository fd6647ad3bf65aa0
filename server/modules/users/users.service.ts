// Suspending and reinstating a guest or a host (src/contracts/user-suspension.ts): a compare-and-set on
// the suspension, written in one transaction with its audit entry and its outbox event (decision 041).
import { USER_SUSPENSION_MESSAGES, USER_SUSPENSION_MOVES, type UserSuspensionMove, type UserSuspensionResponse } from '../../../src/contracts/user-suspension';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import { enqueueEvents } from '../webhooks/outbox';
import type { UsersRepository } from './users.repository';

interface UsersServiceDeps {
  db: Database;
  repository: UsersRepository;
  audit: AuditService;
  clock: Clock;
}

export function createUsersService({ db, repository, audit, clock }: UsersServiceDeps) {
  return {
    /** Suspends an active user or reinstates a suspended one; 409 and no change from the other state. */
    async changeSuspension(administratorId: number, id: number, move: UserSuspensionMove, reason: string): Promise<UserSuspensionResponse> {
      const { isSuspendedBefore, event } = USER_SUSPENSION_MOVES[move];
      const at = clock.now();
      const suspension = move === 'suspend' ? { at, reason } : null;
      return db.transaction(async (transaction) => {
        const row = await repository.changeSuspension(transaction, id, { isSuspendedBefore, suspension });
        if (row === undefined) throw new NotFoundError(USER_SUSPENSION_MESSAGES.notFound);
        if (!row.isMoved) {
          const message = isSuspendedBefore ? USER_SUSPENSION_MESSAGES.notSuspended : USER_SUSPENSION_MESSAGES.alreadySuspended;
          throw new ConflictError(message, 'suspension-not-allowed');
        }
        const entityType = row.isHost ? 'host' : 'guest';
        const createdAt = await audit.record(transaction, {
          administratorId,
          action: `${entityType}.${move}`,
          entityType,
          entityId: id,
          entityName: row.name || null,
          reason,
          before: { suspended: isSuspendedBefore },
          after: { suspended: !isSuspendedBefore },
        });
        const status = move === 'suspend' ? 'suspended' : 'active';
        const payload = { entity: 'user', id, role: entityType, status, reason, decidedBy: administratorId };
        await enqueueEvents(transaction, [{ type: event, payload, createdAt }]);
        return { id, isHost: row.isHost, suspendedAt: suspension?.at.toISOString() ?? null, suspensionReason: suspension?.reason ?? null };
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

// A guest's or host's suspension: one compare-and-set on users.suspended_at (SQL only).
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';

export interface SuspensionChange {
  /** The state the row must be in for the change to apply. */
  isSuspendedBefore: boolean;
  /** The new suspension, or null to lift it. */
  suspension: { at: Date; reason: string } | null;
}

export interface SuspensionResult {
  isHost: boolean;
  name: string;
  isMoved: boolean;
}

export function createUsersRepository() {
  return {
    /** Locks the user and changes the suspension only when it is in the state asked; undefined for no such user. */
    async changeSuspension(transaction: Transaction, id: number, change: SuspensionChange): Promise<SuspensionResult | undefined> {
      const at = change.suspension === null ? null : change.suspension.at.toISOString();
      const reason = change.suspension?.reason ?? null;
      const result = await transaction.execute(sql`WITH previous AS (
          SELECT id, is_host, name, suspended_at FROM users WHERE id = ${id} FOR UPDATE
        ),
        moved AS (
          UPDATE users AS u SET suspended_at = ${at}::timestamptz, suspension_reason = ${reason}::text
          FROM previous WHERE u.id = previous.id AND (previous.suspended_at IS NOT NULL) = ${change.isSuspendedBefore}
          RETURNING u.id
        )
        SELECT previous.is_host AS "isHost", previous.name, moved.id IS NOT NULL AS "isMoved"
        FROM previous LEFT JOIN moved ON moved.id = previous.id`);
      const [row] = (result as unknown as { rows: SuspensionResult[] }).rows;
      return row === undefined ? undefined : { isHost: row.isHost === true, name: row.name, isMoved: row.isMoved === true };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

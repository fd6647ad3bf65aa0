// SQL for download tickets: insert one, redeem one once, read the session and member behind it.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminSessions, exportTickets } from '../../db/schema';
import { findSessionHolder } from '../auth/auth.repository';

interface NewExportTicket {
  ticketHash: string;
  administratorId: number;
  sessionId: number;
  path: string;
  query: string;
  createdAt: Date;
  expiresAt: Date;
}

export function createExportsRepository(db: Database) {
  return {
    async insertTicket(ticket: NewExportTicket): Promise<void> {
      await db.insert(exportTickets).values(ticket);
    },

    /** Tickets past their expiry are of no use to anyone: each new ticket sweeps them (an index on expires_at). */
    async deleteExpiredTickets(now: Date): Promise<void> {
      await db.delete(exportTickets).where(lt(exportTickets.expiresAt, now));
    },

    /**
     * The member of a ticket still good (known, unused, unexpired), without using it up: what a
     * download checks before it takes an export slot. Undefined for any other ticket.
     */
    async findUsableTicket(ticketHash: string, now: Date): Promise<{ administratorId: number } | undefined> {
      const [row] = await db
        .select({ administratorId: exportTickets.administratorId })
        .from(exportTickets)
        .where(and(eq(exportTickets.ticketHash, ticketHash), isNull(exportTickets.usedAt), gt(exportTickets.expiresAt, now)))
        .limit(1);
      return row;
    },

    /**
     * Uses the ticket up, once: one statement, so of two processes redeeming the same ticket at the
     * same moment exactly one gets its row. Undefined for an unknown, used or expired ticket.
     */
    async redeemTicket(ticketHash: string, now: Date) {
      const [row] = await db
        .update(exportTickets)
        .set({ usedAt: now })
        .where(and(eq(exportTickets.ticketHash, ticketHash), isNull(exportTickets.usedAt), gt(exportTickets.expiresAt, now)))
        .returning({
          administratorId: exportTickets.administratorId,
          sessionId: exportTickets.sessionId,
          path: exportTickets.path,
          query: exportTickets.query,
        });
      return row;
    },

    /** The session a ticket was made in and its member, as they stand now. */
    async findHolder(sessionId: number) {
      return findSessionHolder(db, eq(adminSessions.id, sessionId));
    },
  };
}

export type ExportsRepository = ReturnType<typeof createExportsRepository>;

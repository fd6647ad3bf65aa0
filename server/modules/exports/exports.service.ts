// Download tickets of CSV exports (docs/decisions/022-exports-stream-through-download-tickets.md): a
// member's session asks for one export (a list's path and query) and gets a ticket good once for a
// minute; the browser's download manager redeems it without the bearer token, and the CSV streams
// to disk. Only the ticket's SHA-256 is kept, in the database, so any process can redeem it.
import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_DOWNLOAD_PATH, EXPORT_MESSAGES, EXPORT_REASONS, EXPORT_TICKET_LIFETIME_SECONDS, type ExportTicket } from '../../../src/contracts/exports';
import type { Role } from '../../../src/contracts/roles';
import { BadRequestError, HttpError, UnauthorizedError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { ListCsvExport, ListExports } from '../../lib/list-exports';
import type { ExportShares } from '../../lib/export-shares';
import { exportsBusyError } from '../../lib/streams';
import type { AdminPrincipal } from '../auth/auth.service';
import { createToken, hashToken } from '../auth/tokens';
import type { ExportsRepository } from './exports.repository';

/** Query parameters a CSV does not read: it holds every row, not a page, and is always CSV. */
const IGNORED_PARAMETERS = new Set(['page', 'pageSize', 'format']);

interface ExportsServiceDeps {
  repository: ExportsRepository;
  listExports: ListExports;
  exportShares: ExportShares;
  clock: Clock;
  /** A session unused for this long has ended (SESSION_IDLE_MINUTES). */
  sessionIdleMs: number;
  log: FastifyBaseLogger;
}

/** A redeemed ticket: the export it names, its query as the list reads it, and who asked, as they stand now. */
interface RedeemedTicket {
  csvExport: ListCsvExport;
  query: Record<string, unknown>;
  member: { administratorId: number; role: Role };
}

const ticketInvalid = () => new HttpError(404, EXPORT_MESSAGES.ticketInvalid, {}, EXPORT_REASONS.ticketInvalid);

export function createExportsService({ repository, listExports, exportShares, clock, sessionIdleMs, log }: ExportsServiceDeps) {
  return {
    /** The CSV export at a list's path; 400 for a path that has none. */
    exportAt(path: string): ListCsvExport {
      const found = listExports.find(path);
      if (!found) throw new BadRequestError(EXPORT_MESSAGES.unknownList);
      return found;
    },

    /**
     * A ticket for one export, once the caller's permissions are checked (the route does, as the
     * guard does). The query is checked as the list's route checks it (400) and kept as the list
     * reads it. A process with no slot free for the member (all taken, or the member streams an
     * export already) refuses at once (503 exports-busy), so the web app can say so; the download
     * itself may still meet a busy process behind a balancer.
     */
    async createTicket(principal: AdminPrincipal, path: string, csvExport: ListCsvExport, query: Readonly<Record<string, string>>): Promise<ExportTicket> {
      const kept = Object.fromEntries(Object.entries(query).filter(([key]) => !IGNORED_PARAMETERS.has(key)));
      const parsed = csvExport.parseQuery({ ...kept, format: 'csv' });
      if (!parsed.isValid) throw new BadRequestError(parsed.message);
      if (!exportShares.isFreeFor(principal.administratorId)) throw exportsBusyError();
      const now = clock.now();
      const ticket = createToken();
      const expiresAt = new Date(now.getTime() + EXPORT_TICKET_LIFETIME_SECONDS * 1000);
      await repository.deleteExpiredTickets(now);
      await repository.insertTicket({
        ticketHash: hashToken(ticket),
        administratorId: principal.administratorId,
        sessionId: principal.sessionId,
        path,
        query: new URLSearchParams(kept).toString(),
        createdAt: now,
        expiresAt,
      });
      log.info({ event: 'export.ticket', administratorId: principal.administratorId, path }, 'download ticket made');
      return { url: `${EXPORT_DOWNLOAD_PATH}/${ticket}`, expiresAt: expiresAt.toISOString() };
    },

    /**
     * The member a ticket was made for, while it is still good; 404 for a ticket that is unknown, used
     * or expired (as `redeemTicket`). Only a read: a made-up ticket costs one indexed lookup, never an
     * export slot, so tickets guessed as fast as a client can send them keep no member's export from
     * starting.
     */
    async ticketHolder(ticket: string): Promise<number> {
      const found = await repository.findUsableTicket(hashToken(ticket), clock.now());
      if (!found) throw ticketInvalid();
      return found.administratorId;
    },

    /**
     * Uses a ticket up and answers what it names. 404 for a ticket that is unknown, used or expired
     * (one answer for all three); 401 when the session it was made in has ended since, or its member
     * is disabled. The caller then checks the member's permissions as they are now.
     */
    async redeemTicket(ticket: string): Promise<RedeemedTicket> {
      const now = clock.now();
      const redeemed = await repository.redeemTicket(hashToken(ticket), now);
      if (!redeemed) throw ticketInvalid();
      const holder = await repository.findHolder(redeemed.sessionId);
      const isLive =
        holder !== undefined &&
        holder.disabledAt === null &&
        holder.revokedAt === null &&
        holder.expiresAt > now &&
        holder.lastSeenAt.getTime() > now.getTime() - sessionIdleMs;
      if (!isLive) {
        log.info({ event: 'export.refused', reason: 'session-ended', administratorId: redeemed.administratorId }, 'download ticket of an ended session');
        throw new UnauthorizedError();
      }
      const csvExport = listExports.find(redeemed.path);
      const parsed = csvExport?.parseQuery({ ...Object.fromEntries(new URLSearchParams(redeemed.query)), format: 'csv' });
      // A ticket made before a deployment that changed the list is refused like a stale one.
      if (!csvExport || !parsed?.isValid) throw ticketInvalid();
      return { csvExport, query: parsed.query, member: { administratorId: holder.administratorId, role: holder.role } };
    },
  };
}

// Bookings: the counts of the cards (the list's rows come from bookingsListSource, bookings.repository.ts)
// and a member's moves on one booking (src/contracts/booking-moves.ts): each a compare-and-set on the
// status, written in one transaction with its audit entry and its outbox event (decision 041); the
// bookings' triggers record the live change.
import type { BookingParties, BookingSummary } from '../../../src/contracts/bookings';
import {
  BOOKING_MOVE_MESSAGES,
  BOOKING_MOVES,
  moveRefusedMessage,
  type BookingMoveRequest,
  type BookingMoveResponse,
} from '../../../src/contracts/booking-moves';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import type { AuditService } from '../audit/audit.service';
import { enqueueEvents } from '../webhooks/outbox';
import type { BookingsRepository } from './bookings.repository';

interface BookingsServiceDeps {
  db: Database;
  repository: BookingsRepository;
  audit: AuditService;
}

/** What a move records besides the status: a cancellation's reason and who bears it. */
const detailsOf = (request: BookingMoveRequest) => (request.move === 'cancel' ? { cancelReason: request.reason, bearer: request.bearer } : {});

export function createBookingsService({ db, repository, audit }: BookingsServiceDeps) {
  return {
    async summary(): Promise<BookingSummary> {
      return repository.summarize();
    },

    /** Who the booking is between, for its side panel; 404 when there is no such booking. */
    async parties(id: number): Promise<BookingParties> {
      const parties = await repository.parties(id);
      if (parties === undefined) throw new NotFoundError(BOOKING_MOVE_MESSAGES.notFound);
      return parties;
    },

    /** Moves the booking as the machine allows from its status now; 409 and no change otherwise. */
    async move(administratorId: number, id: number, request: BookingMoveRequest): Promise<BookingMoveResponse> {
      const { from, to, event } = BOOKING_MOVES[request.move];
      return db.transaction(async (transaction) => {
        const row = await repository.moveStatus(transaction, id, { from, to, isCancelling: request.move === 'cancel' });
        if (row === undefined) throw new NotFoundError(BOOKING_MOVE_MESSAGES.notFound);
        if (!row.isMoved) throw new ConflictError(moveRefusedMessage(request.move, row.previousStatus), 'move-not-allowed');
        const note = request.note || null;
        const details = detailsOf(request);
        const createdAt = await audit.record(transaction, {
          administratorId,
          action: `booking.${request.move}`,
          entityType: 'booking',
          entityId: id,
          entityName: row.name || null,
          reason: note,
          before: { status: row.previousStatus },
          after: { status: to, ...details },
        });
        const payload = { entity: 'booking', id, status: to, previousStatus: row.previousStatus, ...details, note, decidedBy: administratorId };
        await enqueueEvents(transaction, [{ type: event, payload, createdAt }]);
        return { id, move: request.move, status: to, previousStatus: row.previousStatus };
      });
    },
  };
}

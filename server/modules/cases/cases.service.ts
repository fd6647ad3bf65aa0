// Cases (docs/decisions/048-cases.md): the list, take-next, release, close with a resolution, and a
// booking's flag. Each member's change is one transaction with its outbox event (decision 041); the
// case's live change comes from its table's trigger. A case's first action is told to the listeners
// (the metrics' histogram) once its transaction has committed.
import type { Case, CaseFilter, CasePage, FlaggedBooking } from '../../../src/contracts/cases';
import { CASE_MESSAGES } from '../../../src/contracts/cases';
import type { WebhookEventType } from '../../../src/contracts/webhooks';
import type { Database, Transaction } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { enqueueEvents } from '../webhooks/outbox';
import type { CaseRecord, CasesRepository, FirstAction } from './cases.repository';

interface CasesDeps {
  db: Database;
  repository: CasesRepository;
  clock: Clock;
  deadlineHours: number;
}

export function caseOf(record: CaseRecord): Case {
  return {
    ...record,
    openedAt: record.openedAt.toISOString(),
    dueAt: record.dueAt.toISOString(),
    firstActionAt: record.firstActionAt?.toISOString() ?? null,
    closedAt: record.closedAt?.toISOString() ?? null,
  };
}

export function createCasesService({ db, repository, clock, deadlineHours }: CasesDeps) {
  const listeners = new Set<(action: FirstAction) => void>();
  const tell = (action: FirstAction | null | undefined) => {
    if (action) for (const listener of listeners) listener(action);
  };

  /** The case's event, least data: ids, the new state, the member's text, who by member id. */
  async function enqueue(transaction: Transaction, type: WebhookEventType, id: number, decidedBy: number, extra: Record<string, unknown>, at: Date) {
    const record = (await repository.find(id, transaction))!;
    const payload = {
      entity: 'case',
      id,
      queue: record.queue,
      source: record.source,
      sourceId: record.sourceId,
      status: record.status,
      ownerId: record.ownerId,
      decidedBy,
      ...extra,
    };
    await enqueueEvents(transaction, [{ type, payload, createdAt: at }]);
    return record;
  }

  /** Why a case could not move: it does not exist (404) or is closed (409); `otherwise` for the rest. */
  async function refusal(id: number, otherwise: () => Error): Promise<Error> {
    const record = await repository.find(id);
    if (!record) return new NotFoundError(CASE_MESSAGES.notFound);
    if (record.status === 'closed') return new ConflictError(CASE_MESSAGES.closed, 'case-closed');
    return otherwise();
  }

  return {
    /** Writes the configured deadline where the feedback trigger reads it (at start). */
    applySettings: () => repository.setDeadlineHours(deadlineHours),

    /** Called with each case's first action (take, release or close), once committed. */
    onFirstAction(listener: (action: FirstAction) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async page(filter: CaseFilter, administratorId: number, page: number, pageSize: number): Promise<CasePage> {
      const { records, total } = await repository.page(filter, administratorId, clock.now(), page, pageSize);
      return { cases: records.map(caseOf), total };
    },

    async find(id: number): Promise<Case> {
      const record = await repository.find(id);
      if (!record) throw new NotFoundError(CASE_MESSAGES.notFound);
      return caseOf(record);
    },

    /** The open, unowned case with the soonest deadline, now the member's; null when none is free. */
    async takeNext(administratorId: number): Promise<Case | null> {
      const now = clock.now();
      const taken = await db.transaction(async (transaction) => {
        const picked = await repository.takeNext(transaction, administratorId, now);
        if (!picked) return undefined;
        const record = await enqueue(transaction, 'case.taken', picked.id, administratorId, {}, now);
        return { record, firstAction: picked.firstAction };
      });
      if (!taken) return null;
      tell(taken.firstAction);
      return caseOf(taken.record);
    },

    /** The holder gives the case back to the queue: 409 when it is closed or not theirs. */
    async release(id: number, administratorId: number): Promise<Case> {
      const now = clock.now();
      const released = await db.transaction(async (transaction) => {
        const done = await repository.release(transaction, id, administratorId, now);
        if (!done) return undefined;
        return { record: await enqueue(transaction, 'case.released', id, administratorId, {}, now), firstAction: done.firstAction };
      });
      if (!released) throw await refusal(id, () => new ConflictError(CASE_MESSAGES.notOwner, 'case-not-yours'));
      tell(released.firstAction);
      return caseOf(released.record);
    },

    /** Closes an open case with its resolution (any member who works cases): 409 when closed already. */
    async close(id: number, administratorId: number, resolution: string): Promise<Case> {
      const now = clock.now();
      const closed = await db.transaction(async (transaction) => {
        const done = await repository.close(transaction, id, administratorId, resolution, now);
        if (!done) return undefined;
        return { record: await enqueue(transaction, 'case.closed', id, administratorId, { resolution }, now), firstAction: done.firstAction };
      });
      if (!closed) throw await refusal(id, () => new ConflictError(CASE_MESSAGES.closed, 'case-closed'));
      tell(closed.firstAction);
      return caseOf(closed.record);
    },

    /** Flags a booking: opens its case, or answers the one open already (isNew false); 404 for no booking. */
    async flagBooking(bookingId: number, administratorId: number, reason: string): Promise<FlaggedBooking> {
      const now = clock.now();
      const opened = await db.transaction(async (transaction) => {
        const id = await repository.openForBooking(transaction, bookingId, reason, now, deadlineHours);
        if (id === undefined) return undefined;
        return enqueue(transaction, 'case.opened', id, administratorId, { reason }, now);
      });
      if (opened) return { case: caseOf(opened), isNew: true };
      const existing = await repository.openCaseOf('booking', bookingId);
      if (existing) return { case: caseOf(existing), isNew: false };
      if (!(await repository.bookingExists(bookingId))) throw new NotFoundError(CASE_MESSAGES.bookingNotFound);
      // Closed between the insert and the read: flag again.
      throw new ConflictError(CASE_MESSAGES.closed, 'case-closed');
    },

    overdueCount: () => repository.overdueCount(clock.now()),
    openByQueue: () => repository.openByQueue(clock.now()),
  };
}

export type CasesService = ReturnType<typeof createCasesService>;

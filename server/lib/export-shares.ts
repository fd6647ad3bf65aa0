// The process's export slots (streams.ts `ExportSlots`) shared fairly between members: each member
// streams one export at a time (a CSV, a whole array, a ticketed download), so of a process's slots
// one member holds at most one and the others stay for everyone else. With two or more slots (a
// database pool of 8 or more) no member can hold them all; with one slot (the default pool of 4) the
// process streams one export at a time anyway, and a member's second export waits for their first.
// Slots stay per process on purpose (they bound this process's database pool, decision 022), and so
// do the shares: a member's second export may stream on another process.
import type { FastifyReply } from 'fastify';
import { exportsBusyError, type ExportSlots } from './streams';

export interface ExportShares {
  /** Whether an export of this member would get a slot now: one is free and the member streams none. */
  isFreeFor(memberId: number): boolean;
  /**
   * Takes a slot for this member's export for this answer, given back when the response closes
   * (sent, cut off by the client, or failed); a 503 `exports-busy` with Retry-After when every slot
   * is taken or the member already streams an export.
   */
  hold(memberId: number, reply: FastifyReply): void;
}

export function createExportShares(slots: ExportSlots): ExportShares {
  /** Members streaming an export now. */
  const streaming = new Set<number>();
  return {
    isFreeFor: (memberId) => !streaming.has(memberId) && slots.taken() < slots.limit,
    hold(memberId, reply) {
      if (streaming.has(memberId)) throw exportsBusyError();
      const giveBack = slots.tryTake();
      if (!giveBack) throw exportsBusyError();
      streaming.add(memberId);
      reply.raw.once('close', () => {
        streaming.delete(memberId);
        giveBack();
      });
    },
  };
}

// Folds the created bookings that live_changes records into the counters, the daily rollup and the
// version (decision 033). Readers never wait for it: the *_now views add what is not folded yet, so a
// fold only keeps that remainder short. Any process may fold; one at a time does (the function skips
// while another holds the fold's row).
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client';
import { every } from '../lib/every';

type Logger = { warn: (fields: object, message: string) => void };

/** The most changes one call of fold_booking_inserts reads (migration 0030). */
const FOLD_BATCH = 10_000;

/** Folds what finished transactions inserted, batch after batch, until a batch comes short. */
export async function foldBookingInserts(handle: Pick<DatabaseHandle, 'query'>): Promise<void> {
  for (;;) {
    const [row] = await handle.query<{ read: string }>(sql`SELECT fold_booking_inserts()::text AS read`);
    if (Number(row.read) < FOLD_BATCH) return;
  }
}

/** Folds every `intervalMs` (skipping a turn while a fold still runs) until the returned stop is called. */
export function watchBookingInserts(handle: Pick<DatabaseHandle, 'query'>, intervalMs: number, log: Logger): () => Promise<void> {
  return every(intervalMs, () => foldBookingInserts(handle), log, 'folding the booking inserts failed');
}

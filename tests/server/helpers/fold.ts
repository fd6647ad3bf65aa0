// The fold of the booking inserts (decisions 033 and 034), as tests need it: every insert folded, or
// one insert ready to be folded. On PostgreSQL a transaction of any database on the server holds the
// fold back (snapshots span them all), and other test files run beside the caller.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../../server/db/client';
import { foldBookingInserts } from '../../../server/db/booking-fold';

const unfoldedCount = async (handle: Pick<DatabaseHandle, 'query'>) =>
  Number((await handle.query<{ count: string }>(sql`SELECT count(*) AS count FROM unfolded_booking_ids()`))[0].count);

/** Folds until no created booking is left unfolded (10 s at most). */
export async function foldAll(handle: Pick<DatabaseHandle, 'query'>): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    await foldBookingInserts(handle);
    if ((await unfoldedCount(handle)) === 0) return;
    if (tries === 100) throw new Error('the fold did not catch up in 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until the next fold will take this booking's insert: its transaction is older than every
 * one still running on the server (10 s at most). From then on nothing holds it back.
 */
export async function waitUntilFoldable(handle: Pick<DatabaseHandle, 'query'>, bookingId: number): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    const [row] = await handle.query<{
      foldable: boolean;
    }>(sql`SELECT coalesce(bool_and(change.xid < pg_snapshot_xmin(pg_current_snapshot())), false) AS foldable
      FROM live_changes AS change WHERE change.resource = 'bookings' AND change.action = 'created' AND change.row_id = ${bookingId}`);
    if (row.foldable) return;
    if (tries === 100) throw new Error(`booking ${bookingId}'s insert did not become foldable in 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

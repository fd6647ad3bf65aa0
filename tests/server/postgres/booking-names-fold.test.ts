// Runs only in the server-pg project: the fold writes each new booking's row in booking_names
// (decision 034) while the marketplace changes the same bookings, guests and properties. A change
// still open when the fold comes is waited for and read as committed; none leaves a stale name or
// status, nor a row for a booking that is gone.
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/client';
import { foldBookingInserts } from '../../../server/db/booking-fold';
import { createTestDatabase } from '../helpers/database';
import { foldAll, waitUntilFoldable } from '../helpers/fold';
import { insertBooking, insertGuest } from '../helpers/fixtures';

let handle: DatabaseHandle;
let open: PoolClient;

beforeAll(async () => {
  handle = await createTestDatabase();
  open = await handle.pool!.connect();
});

afterAll(async () => {
  open.release();
  await handle.close();
});

const namesOf = async (bookingId: number) =>
  (await handle.pool!.query<{ status: string; guest_name: string | null }>('SELECT status, guest_name FROM booking_names WHERE booking_id = $1', [bookingId]))
    .rows;

/**
 * Runs `change` in a transaction left open while a fold that takes `bookingId` starts, and commits it a
 * moment later; answers whether the fold was still waiting when it did.
 */
async function foldDuring(bookingId: number, change: string, parameters: unknown[]): Promise<boolean> {
  await waitUntilFoldable(handle, bookingId);
  await open.query('BEGIN');
  await open.query(change, parameters);
  let isFolded = false;
  const folding = foldBookingInserts(handle).then(() => {
    isFolded = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const wasWaiting = !isFolded;
  await open.query('COMMIT');
  await folding;
  return wasWaiting;
}

describe('the fold of booking names beside the marketplace’s own writes', () => {
  it('reads a guest renamed in a transaction still open when it comes, once it commits', async () => {
    const guest = await insertGuest(handle, { name: 'before the fold' });
    const booking = await insertBooking(handle, { guestId: guest.id, propertyId: null, status: 'pending' });
    expect(await foldDuring(booking.id, 'UPDATE users SET name = $1 WHERE id = $2', ['renamed meanwhile', guest.id])).toBe(true);
    expect(await namesOf(booking.id)).toEqual([{ status: 'pending', guest_name: 'renamed meanwhile' }]);
  });

  it('reads a status changed in a transaction still open when it comes', async () => {
    const guest = await insertGuest(handle, { name: 'status changer' });
    const booking = await insertBooking(handle, { guestId: guest.id, propertyId: null, status: 'pending' });
    expect(await foldDuring(booking.id, "UPDATE bookings SET status = 'cancelled' WHERE id = $1", [booking.id])).toBe(true);
    expect(await namesOf(booking.id)).toEqual([{ status: 'cancelled', guest_name: 'status changer' }]);
  });

  it('writes no row for a booking deleted in a transaction still open when it comes', async () => {
    const guest = await insertGuest(handle, { name: 'gone soon' });
    const booking = await insertBooking(handle, { guestId: guest.id, propertyId: null, status: 'confirmed' });
    expect(await foldDuring(booking.id, 'DELETE FROM bookings WHERE id = $1', [booking.id])).toBe(true);
    expect(await namesOf(booking.id)).toEqual([]);
    const { rows } = await handle.pool!.query<{ orphans: number }>(
      'SELECT count(*)::int AS orphans FROM booking_names AS named WHERE NOT EXISTS (SELECT 1 FROM bookings AS booking WHERE booking.id = named.booking_id)',
    );
    expect(rows[0].orphans).toBe(0);
  });

  it('lets a rename that comes after it wait, and the rename then rewrites the folded row', async () => {
    const guest = await insertGuest(handle, { name: 'folded first' });
    const booking = await insertBooking(handle, { guestId: guest.id, propertyId: null, status: 'completed' });
    await foldAll(handle);
    expect(await namesOf(booking.id)).toEqual([{ status: 'completed', guest_name: 'folded first' }]);
    await handle.pool!.query('UPDATE users SET name = $1 WHERE id = $2', ['renamed after', guest.id]);
    expect(await namesOf(booking.id)).toEqual([{ status: 'completed', guest_name: 'renamed after' }]);
  });
});

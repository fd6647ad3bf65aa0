// Runs only in the server-pg project: the marketplace's own writers do not queue on Hoy's counters or
// data versions (migration 0009). While one connection holds an open transaction that inserted a
// booking and renamed a user, another connection writes the same tables without waiting; the
// counters stay exact and every committed write gives the tables a new version. The server's fold of
// the booking inserts never passes over a transaction still open.
import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { foldBookingInserts } from '../../../server/db/booking-fold';
import { databaseWithConnections } from '../helpers/database';
import { insertGuest } from '../helpers/fixtures';

const database = databaseWithConnections();

/** Two pooled connections whose writers use different slots (their backend pids differ modulo 64). */
async function twoWriters(): Promise<[PoolClient, PoolClient]> {
  const bySlot = new Map<number, PoolClient>();
  // The test pool has five connections; four with one slot would be a broken slot function.
  for (let tries = 0; bySlot.size < 2; tries += 1) {
    if (tries === 4) throw new Error('four connections share one writer slot');
    const client = await database.connect();
    const { rows } = await client.query<{ slot: number }>('SELECT writer_slot() AS slot');
    if (!bySlot.has(rows[0].slot)) bySlot.set(rows[0].slot, client);
  }
  const [first, second] = [...bySlot.values()];
  return [first, second];
}

const INSERT_BOOKING = "INSERT INTO bookings (status, check_in_date, check_out_date, total) VALUES ('pending', current_date, current_date + 2, 80)";

async function versionsOf(client: PoolClient): Promise<Record<string, number>> {
  const { rows } = await client.query<{ name: string; value: string }>(
    "SELECT name, sum(value) AS value FROM data_versions_now WHERE name IN ('bookings', 'users') GROUP BY name",
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.value)]));
}

async function counterOf(client: PoolClient, name: string): Promise<number> {
  const { rows } = await client.query<{ value: string | null }>('SELECT sum(value) AS value FROM list_counters_now WHERE name = $1', [name]);
  return Number(rows[0].value ?? 0);
}

describe('concurrent writers of the listed tables', () => {
  it('do not wait for each other, and counters and versions stay exact', async () => {
    const guest = await insertGuest(database.handle);
    const otherGuest = await insertGuest(database.handle);
    const [open, other] = await twoWriters();
    const before = await versionsOf(other);
    const pendingBefore = await counterOf(other, 'bookings:pending');

    await open.query('BEGIN');
    await open.query(INSERT_BOOKING);
    await open.query('UPDATE users SET name = $1 WHERE id = $2', ['Held Open', guest.id]);

    // Before migration 0009 both statements below waited for the open transaction's commit.
    await other.query("SET lock_timeout = '2s'");
    const startedAt = performance.now();
    await other.query(INSERT_BOOKING);
    await other.query(`UPDATE bookings SET status = 'confirmed' WHERE id = (SELECT max(id) FROM bookings)`);
    await other.query('UPDATE users SET name = $1 WHERE id = $2', ['Renamed Meanwhile', otherGuest.id]);
    expect(performance.now() - startedAt).toBeLessThan(1_000);

    const meanwhile = await versionsOf(other);
    expect(meanwhile.bookings).toBeGreaterThan(before.bookings);
    expect(meanwhile.users).toBeGreaterThan(before.users);
    // The open transaction's writes are not seen yet, by the counters either.
    expect(await counterOf(other, 'bookings:pending')).toBe(pendingBefore);

    await open.query('COMMIT');
    const after = await versionsOf(other);
    expect(after.bookings).toBeGreaterThan(meanwhile.bookings);
    expect(after.users).toBeGreaterThan(meanwhile.users);
    expect(await counterOf(other, 'bookings:pending')).toBe(pendingBefore + 1);

    const { rows } = await other.query<{ total: string; pending: string; confirmed: string }>(
      "SELECT count(*) AS total, count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'confirmed') AS confirmed FROM bookings",
    );
    expect(await counterOf(other, 'bookings')).toBe(Number(rows[0].total));
    expect(await counterOf(other, 'bookings:pending')).toBe(Number(rows[0].pending));
    expect(await counterOf(other, 'bookings:confirmed')).toBe(Number(rows[0].confirmed));
  });

  it('fold the inserts of finished transactions only: one still open is counted once, after its commit (decision 033)', async () => {
    const [open, other] = await twoWriters();
    const recount = async () => {
      const { rows } = await other.query<{ total: string }>('SELECT count(*) AS total FROM bookings');
      return Number(rows[0].total);
    };
    const kept = async () => {
      const { rows } = await other.query<{ value: string | null }>("SELECT sum(value) AS value FROM list_counters WHERE name = 'bookings'");
      return Number(rows[0].value ?? 0);
    };
    const unfolded = async () => {
      const { rows } = await other.query<{ count: string }>('SELECT count(*) AS count FROM unfolded_booking_inserts()');
      return Number(rows[0].count);
    };
    // A transaction of any database on the server holds the fold back (snapshots span them all), and
    // other test files run beside this one: fold until nothing is left.
    const foldAll = async () => {
      for (let tries = 0; (await unfolded()) > 0; tries += 1) {
        if (tries === 100) throw new Error('the fold did not catch up in 10 s');
        await foldBookingInserts(database.handle);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await foldAll();
    const keptBefore = await kept();
    await open.query('BEGIN');
    await open.query(INSERT_BOOKING);
    await other.query(INSERT_BOOKING);
    await other.query(INSERT_BOOKING);

    // The open transaction wrote first: the two committed changes come after it, and wait.
    await foldBookingInserts(database.handle);
    expect(await unfolded()).toBe(2);
    expect(await kept()).toBe(keptBefore);
    expect(await counterOf(other, 'bookings')).toBe(await recount());

    await open.query('COMMIT');
    expect(await counterOf(other, 'bookings')).toBe(await recount());
    await foldAll();
    expect(await kept()).toBe(keptBefore + 3);
    expect(await counterOf(other, 'bookings')).toBe(await recount());
  });
});

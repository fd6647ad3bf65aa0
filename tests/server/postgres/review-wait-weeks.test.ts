// Runs only in the server-pg project: the decision chart's weeks (review_wait_weeks, migration 0037)
// stay exact when two transactions record first decisions in the same week side by side. Each counts
// its week again under the week's lock; without it, the one that commits last would overwrite the week
// with a count taken before the other's decision was visible.
import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseWithConnections } from '../helpers/database';
import { insertHost, insertProperty } from '../helpers/fixtures';

const database = databaseWithConnections();
const connection = () => database.connect();

/** The weeks as kept, and as counted from review_waits now, for listings and properties. */
async function keptAndCounted(client: PoolClient) {
  const kept = await client.query(`
    SELECT entity_type, week::text, decisions, median_seconds, p90_seconds FROM review_wait_weeks
    WHERE decisions > 0 ORDER BY entity_type, week`);
  const counted = await client.query(`
    SELECT entity_type, week::text, decisions, waits[1] AS median_seconds, waits[2] AS p90_seconds
    FROM (
      SELECT entity_type, date_trunc('week', decided_at AT TIME ZONE 'UTC')::date AS week, count(*)::int AS decisions,
             percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY wait_seconds) AS waits
      FROM review_waits WHERE entity_type IN ('listing', 'property') GROUP BY 1, 2
    ) AS counted
    ORDER BY entity_type, week`);
  return { kept: kept.rows, counted: counted.rows };
}

const DECIDE = `INSERT INTO audit_events (action, entity_type, entity_id, created_at) VALUES ('listing.approve', 'listing', $1, $2)`;

describe("the decision chart's weeks", () => {
  it('count every decision of two transactions that decide in the same week side by side', async () => {
    const host = await insertHost(database.handle);
    const submittedAt = new Date('2026-09-01T08:00:00Z');
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => insertProperty(database.handle, host.id, { createdAt: submittedAt })));
    const [one, other, reader] = [await connection(), await connection(), await connection()];
    // A week decided before: both transactions below count it again.
    await reader.query(DECIDE, [third.id, '2026-09-08T10:00:00Z']);

    await one.query('BEGIN');
    await one.query(DECIDE, [first.id, '2026-09-09T10:00:00Z']);
    await other.query('BEGIN');
    // Waits for the first transaction's lock on the week, then counts it again with its decision.
    const secondDecision = other.query(DECIDE, [second.id, '2026-09-10T16:00:00Z']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await one.query('COMMIT');
    await secondDecision;
    await other.query('COMMIT');

    const { kept, counted } = await keptAndCounted(reader);
    expect(kept).toEqual(counted);
    expect(kept.find((row) => row.week === '2026-09-07' && row.entity_type === 'listing')).toMatchObject({ decisions: 3 });
  });

  it('follow waits deleted, moved to another week and emptied straight in the database', async () => {
    const reader = await connection();
    await reader.query(`UPDATE review_waits SET decided_at = decided_at + interval '9 days' WHERE entity_type = 'listing' AND entity_id % 2 = 0`);
    await reader.query(`DELETE FROM review_waits WHERE entity_type = 'listing' AND entity_id % 3 = 0`);
    let { kept, counted } = await keptAndCounted(reader);
    expect(kept).toEqual(counted);
    expect(kept.length).toBeGreaterThan(0);
    await reader.query('TRUNCATE review_waits');
    ({ kept, counted } = await keptAndCounted(reader));
    expect([kept, counted]).toEqual([[], []]);
    const { rows } = await reader.query('SELECT count(*)::int AS weeks FROM review_wait_weeks');
    expect(rows[0].weeks).toBe(0);
  });
});

// Every order of the bookings list that is not a name (id, check-in, check-out, amount, status, each
// both ways, with and without a status filter) is walked from an index in that very order: a deep
// page costs its offset in index entries, never a sort. The ORDER BY clauses are those of
// server/modules/bookings/bookings.repository.ts (`orderBy`): missing dates last both ways, then the
// id in the same direction. Migration 0031 fixed the two unfiltered descending date orders, which
// PostgreSQL walked by date only and sorted again within each date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { createTestDatabase } from './helpers/database';
import { planWithout } from './helpers/plan';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const ORDERS: Record<string, (direction: 'ASC' | 'DESC') => string> = {
  id: (direction) => `id ${direction}`,
  checkInDate: (direction) => `check_in_date ${direction} NULLS LAST, id ${direction}`,
  checkOutDate: (direction) => `check_out_date ${direction} NULLS LAST, id ${direction}`,
  total: (direction) => `total ${direction}, id ${direction}`,
  status: (direction) => `status ${direction}, id ${direction}`,
};

describe('the bookings orders', () => {
  for (const [sort, orderBy] of Object.entries(ORDERS)) {
    for (const direction of ['ASC', 'DESC'] as const) {
      for (const where of ['', "WHERE status = 'confirmed'"]) {
        it(`walks ${sort} ${direction}${where ? ' under a status filter' : ''} from an index, with no sort`, async () => {
          const plan = await planWithout(
            database,
            ['seqscan', 'sort', 'incremental_sort'],
            `SELECT id FROM bookings ${where} ORDER BY ${orderBy(direction)} LIMIT 20 OFFSET 30000`,
          );
          expect(plan).toMatch(/Index (Only )?Scan/);
          // A sort the planner could not avoid shows even when disabled ("Sort", "Incremental Sort").
          expect(plan).not.toMatch(/Sort/);
        });
      }
    }
  }
});

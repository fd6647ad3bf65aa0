// SQL for the dashboard: every count in one statement, so one round trip answers the screen.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';

export interface DashboardRow {
  hosts_total: number;
  hosts_approved: number;
  hosts_pending: number;
  hosts_rejected: number;
  listings_awaiting: number;
  properties_awaiting: number;
  bookings_total: number;
  bookings_confirmed: number;
  bookings_pending: number;
  bookings_cancelled: number;
  bookings_completed: number;
  feedback_count: number;
  /** numeric arrives as text; null without feedback. */
  average_rating: string | number | null;
}

export function createDashboardRepository(handle: Pick<DatabaseHandle, 'query'>) {
  return {
    async countAll(): Promise<DashboardRow> {
      const [row] = await handle.query<DashboardRow>(sql`
        SELECT host_counts.*, listing_counts.*, property_counts.*, booking_counts.*, feedback_counts.*
        FROM (
          SELECT count(*)::int AS hosts_total,
                 (count(*) FILTER (WHERE status_host = 'Confirmed'))::int AS hosts_approved,
                 (count(*) FILTER (WHERE status_host = 'Pending'))::int AS hosts_pending,
                 (count(*) FILTER (WHERE status_host = 'Rejected'))::int AS hosts_rejected
          FROM users WHERE is_host
        ) AS host_counts,
        (SELECT count(*)::int AS listings_awaiting FROM properties WHERE listing_status = 'Pending') AS listing_counts,
        (SELECT count(*)::int AS properties_awaiting FROM properties WHERE approval_status = 'pending') AS property_counts,
        (
          SELECT count(*)::int AS bookings_total,
                 (count(*) FILTER (WHERE status = 'confirmed'))::int AS bookings_confirmed,
                 (count(*) FILTER (WHERE status = 'pending'))::int AS bookings_pending,
                 (count(*) FILTER (WHERE status = 'cancelled'))::int AS bookings_cancelled,
                 (count(*) FILTER (WHERE status = 'completed'))::int AS bookings_completed
          FROM bookings
        ) AS booking_counts,
        (SELECT count(*)::int AS feedback_count, round(avg(rating), 1) AS average_rating FROM feedbacks) AS feedback_counts
      `);
      return row;
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;

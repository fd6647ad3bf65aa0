// SQL for the dashboard: every count read from list_counters_now (the kept counters and the bookings not folded yet, decision 033) in one statement, so one round trip answers the screen.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';

interface DashboardRow {
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

/** One counter's value, the sum of its slots (0 when never written), in the one-row answer. */
const counterValue = (name: string) => sql`COALESCE(sum(value) FILTER (WHERE name = ${name}), 0)`;
const counter = (name: string) => sql`${counterValue(name)}::int`;

export function createDashboardRepository(handle: Pick<DatabaseHandle, 'query'>) {
  return {
    async countAll(): Promise<DashboardRow> {
      const [row] = await handle.query<DashboardRow>(sql`
        SELECT ${counter('hosts')} AS hosts_total,
               ${counter('hosts:Confirmed')} AS hosts_approved,
               ${counter('hosts:Pending')} AS hosts_pending,
               ${counter('hosts:Rejected')} AS hosts_rejected,
               ${counter('listings:Pending')} AS listings_awaiting,
               ${counter('property-approvals:pending')} AS properties_awaiting,
               ${counter('bookings')} AS bookings_total,
               ${counter('bookings:confirmed')} AS bookings_confirmed,
               ${counter('bookings:pending')} AS bookings_pending,
               ${counter('bookings:cancelled')} AS bookings_cancelled,
               ${counter('bookings:completed')} AS bookings_completed,
               ${counter('feedbacks')} AS feedback_count,
               -- The same division avg() makes, from the kept sum and count.
               round(${counterValue('feedback-ratings')}::numeric / NULLIF(${counter('feedbacks')}, 0), 1) AS average_rating
        FROM list_counters_now
      `);
      return row;
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;

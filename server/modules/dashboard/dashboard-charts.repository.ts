// SQL for the dashboard's charts (decision 028). Every chart lists its buckets with generate_series, so
// a bucket without rows is a zero, and reads a rollup the triggers keep (booking_days_now: booking_days
// and the bookings not folded into it yet, decision 033; review_waits, migration 0025; review_wait_weeks,
// migration 0037; host_join_days, migration 0038) or an index range. Days are UTC days, and a bucket's
// end is the start of the day after its last. Each answer is one statement.
import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import type { BookingStatus } from '../../../src/contracts/statuses';
import type { Bucket } from '../../../src/contracts/dashboard-charts';

export interface ChartRange {
  from: string;
  to: string;
  bucket: Bucket;
}

/** numeric and percentile answers may arrive as text; counts as numbers. */
type Numeric = string | number | null;

const DAY_MS = 86_400_000;

/** Where a range's buckets start (a week's on the Monday of the range's first day), how many days each spans, and how many there are. */
function bucketGrid({ from, to, bucket }: ChartRange) {
  const step = bucket === 'week' ? 7 : 1;
  const first = Date.parse(from);
  const start = bucket === 'week' ? first - ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS : first;
  return { step, startDay: new Date(start).toISOString().slice(0, 10), count: Math.floor((Date.parse(to) - start) / (step * DAY_MS)) + 1 };
}

/**
 * The range's buckets: each one's number `n`, its first and last day (a week runs Monday to Sunday,
 * cut at the range's ends), the instants they span, `starts_at` included and `ends_at` not, and
 * whether it is a whole week. Numbered by an integer series whose length the planner knows, so it
 * plans for a few dozen buckets, not a thousand.
 */
function bucketsOf(range: ChartRange): SQL {
  const { step, startDay, count } = bucketGrid(range);
  return sql`buckets AS (
    SELECT bucket.n, bucket.first_day, bucket.last_day,
           bucket.first_day::timestamp AT TIME ZONE 'UTC' AS starts_at,
           (bucket.last_day + 1)::timestamp AT TIME ZONE 'UTC' AS ends_at,
           bucket.last_day - bucket.first_day = 6 AS is_whole_week
    FROM (
      SELECT n, greatest(${startDay}::date + n * ${step}::int, ${range.from}::date) AS first_day,
             least(${startDay}::date + n * ${step}::int + ${step - 1}::int, ${range.to}::date) AS last_day
      FROM generate_series(0, ${count - 1}::int) AS n
    ) AS bucket
  )`;
}

/**
 * Joins a day of the daily rollup to its bucket by the bucket's number, an equality the planner hashes,
 * and keeps it inside the bucket's days (the range's ends cut the first and last). Joined by the days
 * alone, each bucket tested every day of the rollup: 101,000 comparisons and 17 ms of a 20 ms chart
 * for the 53 weeks of a year.
 */
function inBucket(range: ChartRange, day: SQL): SQL {
  const { step, startDay } = bucketGrid(range);
  return sql`(${day} - ${startDay}::date) / ${step}::int = buckets.n AND ${day} BETWEEN buckets.first_day AND buckets.last_day`;
}

const counted = (expression: SQL) => sql`COALESCE(${expression}, 0)::int`;

export interface BookingChartRow {
  from: string;
  to: string;
  confirmed: number;
  pending: number;
  cancelled: number;
  completed: number;
  total: number;
}

export interface BookingValueChartRow {
  from: string;
  to: string;
  value: Numeric;
  bookings: number;
  average_booking_value: Numeric;
  total: Numeric;
  average_per_bucket: Numeric;
}

export interface CancellationChartRow {
  from: string;
  to: string;
  bookings: number;
  cancelled: number;
  disputed: number;
  cancellation_rate: Numeric;
  disputed_share: Numeric;
}

export interface HostChartRow {
  from: string;
  to: string;
  new_hosts: number;
  backlog: number;
}

export interface DecisionChartRow {
  from: string;
  to: string;
  listing_decisions: number;
  listing_median: Numeric;
  listing_p90: Numeric;
  property_decisions: number;
  property_median: Numeric;
  property_p90: Numeric;
}

export interface ChatChartRow {
  from: string;
  to: string;
  opened: number;
  median_first_reply: Numeric;
}

/**
 * One bucket's first decisions of a kind: how many, and the median and 90th percentile wait in seconds.
 * A whole week reads them from review_wait_weeks (migration 0037), which a trigger keeps with the same
 * sort; any other bucket (a week cut at the range's ends, a day) sorts the seconds its waits keep.
 */
const waitsOf = (kind: 'listing' | 'property') => sql`
  SELECT CASE WHEN buckets.is_whole_week THEN COALESCE(kept.decisions, 0) ELSE counted.decisions END AS decisions,
         CASE WHEN buckets.is_whole_week THEN ARRAY[kept.median_seconds, kept.p90_seconds] ELSE counted.waits END AS waits
  FROM (
    SELECT count(*)::int AS decisions,
           percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY wait.wait_seconds) AS waits
    FROM review_waits AS wait
    WHERE NOT buckets.is_whole_week
      AND wait.entity_type = ${kind} AND wait.decided_at >= buckets.starts_at AND wait.decided_at < buckets.ends_at
  ) AS counted
  LEFT JOIN review_wait_weeks AS kept ON buckets.is_whole_week AND kept.entity_type = ${kind} AND kept.week = buckets.first_day`;

export function createDashboardChartsRepository(handle: Pick<DatabaseHandle, 'queryWhenConnected'>) {
  /** The statements asked for and not yet started, by chart and range. */
  const waiting = new Map<string, { answer: Promise<unknown> }>();
  /**
   * One chart's statement, alone: one round trip (the server's sessions run without JIT, server/db/client.ts;
   * a read-only transaction that turned it off took four). A call for the same chart and range while one
   * waits for its connection shares that one: it starts after both were asked, so its snapshot holds
   * every write either caller can know of (dashboards that follow the live stream ask the same ranges
   * again and again, decision 028). Once it has a connection, the next call runs its own.
   */
  const read = <Row>(key: string, statement: SQL): Promise<Row[]> => {
    const queued = waiting.get(key);
    if (queued) return queued.answer as Promise<Row[]>;
    const entry = { isStarted: false, answer: Promise.resolve<Row[]>([]) };
    const stopWaiting = () => {
      entry.isStarted = true;
      if (waiting.get(key) === entry) waiting.delete(key);
    };
    entry.answer = handle.queryWhenConnected<Row>(statement, stopWaiting);
    if (!entry.isStarted) waiting.set(key, entry);
    // A call that fails before it starts (no connection) is not shared any longer either.
    entry.answer.catch(stopWaiting);
    return entry.answer;
  };
  /** The key of a chart's statement: its name and everything the statement is built from. */
  const keyOf = (chart: string, range: ChartRange, ...rest: unknown[]) => JSON.stringify([chart, range.from, range.to, range.bucket, ...rest]);
  return {
    /** Bookings made in each bucket by their status now; `statuses` keeps some (the others count 0). */
    bookings(range: ChartRange, statuses: readonly BookingStatus[]): Promise<BookingChartRow[]> {
      const byStatus = (status: BookingStatus) => counted(sql`sum(kept.bookings) FILTER (WHERE kept.status = ${status})`);
      return read<BookingChartRow>(
        keyOf('bookings', range, statuses),
        sql`
        WITH ${bucketsOf(range)}
        SELECT buckets.first_day::text AS "from", buckets.last_day::text AS "to",
               ${byStatus('confirmed')} AS confirmed, ${byStatus('pending')} AS pending,
               ${byStatus('cancelled')} AS cancelled, ${byStatus('completed')} AS completed,
               ${counted(sql`sum(kept.bookings)`)} AS total
        FROM buckets
        LEFT JOIN booking_days_now AS kept
          ON ${inBucket(range, sql`kept.day`)} AND kept.status = ANY(string_to_array(${statuses.join(',')}, ','))
        GROUP BY buckets.first_day, buckets.last_day
        ORDER BY buckets.first_day`,
      );
    },

    /** The sum of the totals of bookings not cancelled, their number and mean; the range's sum and mean per bucket. */
    bookingValue(range: ChartRange): Promise<BookingValueChartRow[]> {
      return read<BookingValueChartRow>(
        keyOf('booking-value', range),
        sql`
        WITH ${bucketsOf(range)}, per_bucket AS (
          SELECT buckets.first_day, buckets.last_day, COALESCE(sum(kept.value), 0) AS value, ${counted(sql`sum(kept.bookings)`)} AS bookings
          FROM buckets
          LEFT JOIN booking_days_now AS kept ON ${inBucket(range, sql`kept.day`)} AND kept.status <> 'cancelled'
          GROUP BY buckets.first_day, buckets.last_day
        )
        SELECT first_day::text AS "from", last_day::text AS "to", value, bookings,
               round(value / NULLIF(bookings, 0), 2) AS average_booking_value,
               sum(value) OVER () AS total,
               round(sum(value) OVER () / count(*) OVER (), 2) AS average_per_bucket
        FROM per_bucket
        ORDER BY first_day`,
      );
    },

    /** Bookings made in each bucket, the cancelled ones (status) and the disputed ones, and their shares. */
    cancellations(range: ChartRange): Promise<CancellationChartRow[]> {
      return read<CancellationChartRow>(
        keyOf('cancellations', range),
        sql`
        WITH ${bucketsOf(range)}, per_bucket AS (
          SELECT buckets.first_day, buckets.last_day, ${counted(sql`sum(kept.bookings)`)} AS bookings,
                 ${counted(sql`sum(kept.bookings) FILTER (WHERE kept.status = 'cancelled')`)} AS cancelled,
                 ${counted(sql`sum(kept.disputed)`)} AS disputed
          FROM buckets
          LEFT JOIN booking_days_now AS kept ON ${inBucket(range, sql`kept.day`)}
          GROUP BY buckets.first_day, buckets.last_day
        )
        SELECT first_day::text AS "from", last_day::text AS "to", bookings, cancelled, disputed,
               round(cancelled::numeric / NULLIF(bookings, 0), 4) AS cancellation_rate,
               round(disputed::numeric / NULLIF(bookings, 0), 4) AS disputed_share
        FROM per_bucket
        ORDER BY first_day`,
      );
    },

    /**
     * Hosts who joined in each bucket, summed from host_join_days, and the verification backlog at the
     * end of its last day: the verifications submitted by then whose host had no decision yet (a
     * decision recorded before the verification counts from the verification), summed from
     * host_backlog_days.
     */
    hosts(range: ChartRange): Promise<HostChartRow[]> {
      return read<HostChartRow>(
        keyOf('hosts', range),
        sql`
        WITH ${bucketsOf(range)},
        per_bucket AS (
          SELECT buckets.first_day, buckets.last_day,
                 (SELECT COALESCE(sum(joined.hosts), 0) FROM host_join_days AS joined WHERE joined.day BETWEEN buckets.first_day AND buckets.last_day)::int AS new_hosts,
                 (SELECT COALESCE(sum(kept.delta), 0) FROM host_backlog_days AS kept WHERE kept.day BETWEEN buckets.first_day AND buckets.last_day) AS delta
          FROM buckets
        )
        SELECT first_day::text AS "from", last_day::text AS "to", new_hosts,
               ((SELECT COALESCE(sum(kept.delta), 0) FROM host_backlog_days AS kept WHERE kept.day < ${range.from}::date)
                 + sum(delta) OVER (ORDER BY first_day))::int AS backlog
        FROM per_bucket
        ORDER BY first_day`,
      );
    },

    /** First decisions on listings and on properties in each bucket: how many, and the median and 90th percentile wait. */
    decisions(range: ChartRange): Promise<DecisionChartRow[]> {
      return read<DecisionChartRow>(
        keyOf('decisions', range),
        sql`
        WITH ${bucketsOf(range)}
        SELECT buckets.first_day::text AS "from", buckets.last_day::text AS "to",
               listing.decisions AS listing_decisions, listing.waits[1] AS listing_median, listing.waits[2] AS listing_p90,
               property.decisions AS property_decisions, property.waits[1] AS property_median, property.waits[2] AS property_p90
        FROM buckets
        CROSS JOIN LATERAL (${waitsOf('listing')}) AS listing
        CROSS JOIN LATERAL (${waitsOf('property')}) AS property
        ORDER BY buckets.first_day`,
      );
    },

    /**
     * Conversations opened in each bucket, and the median time to the first staff message of those that
     * have one (percentile_cont leaves out the others' null waits). Counted bucket by bucket from the
     * creation index alone: joined and grouped, every conversation of the range was sorted by its
     * bucket first (12 ms for a year of 20,000 conversations, against 4.6 ms).
     */
    chats(range: ChartRange): Promise<ChatChartRow[]> {
      return read<ChatChartRow>(
        keyOf('chats', range),
        sql`
        WITH ${bucketsOf(range)}
        SELECT buckets.first_day::text AS "from", buckets.last_day::text AS "to", opened.conversations AS opened, opened.median_first_reply
        FROM buckets
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS conversations,
                 percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM conversation.first_staff_reply_at - conversation.created_at)::float8) AS median_first_reply
          FROM conversations AS conversation
          WHERE conversation.created_at >= buckets.starts_at AND conversation.created_at < buckets.ends_at
        ) AS opened
        ORDER BY buckets.first_day`,
      );
    },
  };
}

export type DashboardChartsRepository = ReturnType<typeof createDashboardChartsRepository>;

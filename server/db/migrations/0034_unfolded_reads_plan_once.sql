-- Decision 035: the bookings not folded yet are read in PL/pgSQL, which plans its statement once a
-- connection; a SQL function with settings is never inlined, and PostgreSQL 15 plans its statement
-- again at every call. Every list page reads the versions of its tables (data_versions_now), and a
-- bookings page the counter too (list_counters_now): two calls, 0.10 to 0.20 ms each with nothing
-- to fold, 0.03 ms each now. Same rows, same settings (migrations 0030 and 0033).
CREATE OR REPLACE FUNCTION unfolded_booking_inserts() RETURNS TABLE (status text, day date, total numeric, disputed boolean)
LANGUAGE plpgsql STABLE SET enable_seqscan = off SET enable_bitmapscan = off SET jit = off AS $$
BEGIN
  RETURN QUERY
  SELECT change.status, change.day, change.total, change.disputed
  FROM live_changes AS change
  WHERE (change.xid, change.id) > (SELECT fold.xid, fold.id FROM booking_fold AS fold)
    AND change.resource = 'bookings' AND change.action = 'created' AND change.status IS NOT NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION unfolded_booking_ids() RETURNS SETOF integer
LANGUAGE plpgsql STABLE SET enable_seqscan = off SET enable_bitmapscan = off SET jit = off AS $$
BEGIN
  RETURN QUERY
  SELECT change.row_id::integer
  FROM live_changes AS change
  WHERE (change.xid, change.id) > (SELECT fold.xid, fold.id FROM booking_fold AS fold)
    AND change.resource = 'bookings' AND change.action = 'created';
END
$$;
